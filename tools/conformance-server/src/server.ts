/** The conformance fixture server: the tools, resources and prompts the MCP conformance suite calls. */
import { ToolRegistry } from '@toolsmith/core';
import type { NoDeps } from './fixture-data.ts';
import { TestPromptWithArguments } from './prompts/test-prompt-with-arguments.ts';
import { PromptWithEmbeddedResource } from './prompts/test-prompt-with-embedded-resource.ts';
import { PromptWithImage } from './prompts/test-prompt-with-image.ts';
import { SimplePrompt } from './prompts/test-simple-prompt.ts';
import { StaticBinaryResource } from './resources/static-binary.ts';
import { StaticTextResource } from './resources/static-text.ts';
import { TemplateDataResource } from './resources/template-data.ts';
import { AudioContentTool } from './tools/test-audio-content.ts';
import { ElicitationDefaultsTool } from './tools/test-elicitation-sep1034-defaults.ts';
import { ElicitationEnumsTool } from './tools/test-elicitation-sep1330-enums.ts';
import { ElicitationTool } from './tools/test-elicitation.ts';
import { EmbeddedResourceTool } from './tools/test-embedded-resource.ts';
import { ErrorHandlingTool } from './tools/test-error-handling.ts';
import { ImageContentTool } from './tools/test-image-content.ts';
import { InputRequiredElicitationTool } from './tools/test-input-required-result-elicitation.ts';
import { MultipleContentTypesTool } from './tools/test-multiple-content-types.ts';
import { SimpleTextTool } from './tools/test-simple-text.ts';
import { ToolWithLoggingTool } from './tools/test-tool-with-logging.ts';
import { ToolWithProgressTool } from './tools/test-tool-with-progress.ts';
import { LoggingTool } from './tools/test-logging-tool.ts';
import { InputRequiredCapabilitiesTool } from './tools/test-input-required-result-capabilities.ts';
import { InputRequiredListRootsTool } from './tools/test-input-required-result-list-roots.ts';
import { InputRequiredMultiRoundTool } from './tools/test-input-required-result-multi-round.ts';
import { InputRequiredMultipleInputsTool } from './tools/test-input-required-result-multiple-inputs.ts';
import { InputRequiredRequestStateTool } from './tools/test-input-required-result-request-state.ts';
import { InputRequiredSamplingTool } from './tools/test-input-required-result-sampling.ts';
import { InputRequiredTamperedStateTool } from './tools/test-input-required-result-tampered-state.ts';
import { MissingCapabilityTool } from './tools/test-missing-capability.ts';
import { SamplingTool } from './tools/test-sampling.ts';
import { InputRequiredPrompt } from './prompts/test-input-required-result-prompt.ts';
import { WatchedResource } from './resources/watched-resource.ts';
import { StreamingElicitationTool } from './tools/test-streaming-elicitation.ts';

export const SERVER_NAME = 'toolsmith-conformance-server';
export const SERVER_VERSION = '0.0.0';

export function createRegistry(): ToolRegistry<NoDeps> {
  return new ToolRegistry<NoDeps>()
    .register(
      new SimpleTextTool(),
      new ImageContentTool(),
      new AudioContentTool(),
      new EmbeddedResourceTool(),
      new MultipleContentTypesTool(),
      new ToolWithLoggingTool(),
      new ToolWithProgressTool(),
      new ErrorHandlingTool(),
      new ElicitationTool(),
      new ElicitationDefaultsTool(),
      new ElicitationEnumsTool(),
      new InputRequiredElicitationTool(),
      new LoggingTool(),
      new StreamingElicitationTool(),
      new SamplingTool(),
      new InputRequiredSamplingTool(),
      new InputRequiredListRootsTool(),
      new InputRequiredRequestStateTool(),
      new InputRequiredTamperedStateTool(),
      new InputRequiredMultipleInputsTool(),
      new InputRequiredMultiRoundTool(),
      new InputRequiredCapabilitiesTool(),
      new MissingCapabilityTool(),
    )
    .registerResources(
      new StaticTextResource(),
      new StaticBinaryResource(),
      new TemplateDataResource(),
      new WatchedResource(),
    )
    .registerPrompts(
      new SimplePrompt(),
      new TestPromptWithArguments(),
      new PromptWithEmbeddedResource(),
      new PromptWithImage(),
      new InputRequiredPrompt(),
    );
}
