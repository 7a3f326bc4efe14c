import { BaseResourceTemplate, defineResourceTemplateMetadata } from '@toolsmith/core';
import { z } from 'zod';
import type { NoDeps } from '../fixture-data.ts';

const Params = z.object({ id: z.string().min(1).describe('Any id, e.g. "123"') });

/** Conformance fixture `test://template/{id}/data`. */
export class TemplateDataResource extends BaseResourceTemplate<NoDeps, typeof Params> {
  static override readonly METADATA = defineResourceTemplateMetadata({
    uriTemplate: 'test://template/{id}/data',
    name: 'template',
    description: 'A resource template with parameter substitution',
    mimeType: 'application/json',
    toolset: 'conformance',
  });

  override getParamsSchema() {
    return Params;
  }

  read({ id }: z.infer<typeof Params>) {
    return JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` });
  }
}
