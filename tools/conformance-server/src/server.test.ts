import { describe, expect, it } from '@jest/globals';
import { createRegistry } from './server.ts';

describe('conformance fixture server', () => {
  it('serves the fixture names the MCP conformance suite calls', () => {
    const selected = createRegistry().select({});
    expect(selected.tools.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        'test_simple_text',
        'test_image_content',
        'test_audio_content',
        'test_embedded_resource',
        'test_multiple_content_types',
        'test_tool_with_logging',
        'test_tool_with_progress',
        'test_error_handling',
        'test_elicitation',
        'test_input_required_result_elicitation',
        'test_input_required_result_sampling',
        'test_input_required_result_list_roots',
        'test_input_required_result_request_state',
        'test_input_required_result_multiple_inputs',
        'test_input_required_result_multi_round',
        'test_input_required_result_tampered_state',
        'test_input_required_result_capabilities',
        'test_missing_capability',
        'test_sampling',
      ]),
    );
    const context = createRegistry().context(selected.toolsets);
    expect(context.resources.map((r) => r.metadata.uri).sort()).toEqual([
      'test://static-binary',
      'test://static-text',
      'test://watched-resource',
    ]);
    expect(context.resourceTemplates.map((t) => t.metadata.uriTemplate)).toEqual([
      'test://template/{id}/data',
    ]);
    expect(context.prompts.map((p) => p.name).sort()).toEqual([
      'test_input_required_result_prompt',
      'test_prompt_with_arguments',
      'test_prompt_with_embedded_resource',
      'test_prompt_with_image',
      'test_simple_prompt',
    ]);
  });
});
