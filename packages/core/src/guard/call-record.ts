/**
 * What the guarded path learnt about one call: the values it converted (announced in the answer in
 * one line the model cannot miss), the defaults a read assumed (said, with how to widen), the
 * reference kinds it used (for stale-cache invalidation), and per-call state for a tool's hooks.
 */

export interface Conversion {
  /** Dot path of the field. */
  readonly field: string;
  /** What the caller sent (quoted in the note). */
  readonly from: unknown;
  /** What was used instead. */
  readonly to: unknown;
  /** Why, in a few words (`in Europe/Lisbon, your ClickUp profile's zone`). */
  readonly note?: string;
}

const PREVIEW = 60;

function quote(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > PREVIEW ? `${text.slice(0, PREVIEW)}…` : text;
}

const shown = (value: unknown) => (typeof value === 'string' ? value : quote(value));

export class CallRecord {
  readonly conversions: Conversion[] = [];
  readonly assumptions: string[] = [];
  /** Reference kinds (and scopes) this call resolved values of. */
  readonly used: { kind: string; scope: string | undefined }[] = [];
  #state: Map<unknown, unknown> | undefined;
  /** Per-call state of hooks (what `beforeExecute` learnt, for the answer or the error). */
  get state(): Map<unknown, unknown> {
    return (this.#state ??= new Map());
  }
  /** The raw arguments, as the caller sent them. */
  readonly args: Readonly<Record<string, unknown>>;
  /** Index of each converted field in `conversions` (a pack may convert thousands of values). */
  readonly #converted = new Map<string, number>();
  /** Where each field's conversion goes in the note: the order fields were met, not resolved. */
  readonly #order = new Map<string, number>();

  constructor(args: Readonly<Record<string, unknown>>) {
    this.args = args;
  }

  /** Reserves the place of `field`'s conversion in the note (values resolved later keep their order). */
  reserve(field: string): void {
    if (!this.#order.has(field)) this.#order.set(field, this.#order.size);
  }

  /** Records a conversion (said in the answer). Several conversions of one field keep the first `from`. */
  convert(field: string, from: unknown, to: unknown, note?: string): void {
    const at = this.#converted.get(field);
    const conversion: Conversion = { field, from, to, ...(note ? { note } : {}) };
    if (at === undefined) {
      this.#converted.set(field, this.conversions.length);
      this.conversions.push(conversion);
    } else this.conversions[at] = { ...conversion, from: this.conversions[at]!.from };
  }

  /** Records a default the caller did not ask for (said in the answer). */
  assume(text: string): void {
    if (!this.assumptions.includes(text)) this.assumptions.push(text);
  }

  use(kind: string, scope: string | undefined): void {
    if (!this.used.some((u) => u.kind === kind && u.scope === scope)) this.used.push({ kind, scope });
  }

  /** `converted: priority "High" → high; …` and `assumed: …`, or undefined when there is nothing to say. */
  notes(): string | undefined {
    const lines: string[] = [];
    if (this.conversions.length > 0) {
      const place = (c: Conversion) => this.#order.get(c.field) ?? Number.MAX_SAFE_INTEGER;
      lines.push(
        `converted: ${[...this.conversions]
          .sort((a, b) => place(a) - place(b))
          .map((c) => `${c.field} ${quote(c.from)} → ${shown(c.to)}${c.note ? ` (${c.note})` : ''}`)
          .join('; ')}`,
      );
    }
    if (this.assumptions.length > 0) lines.push(`assumed: ${this.assumptions.join('; ')}`);
    return lines.length > 0 ? lines.join('\n') : undefined;
  }
}
