/**
 * The knowledge store's schema, versioned (applied by @toolsmith/sql's `migrate` when a store opens,
 * recorded as component `knowledge-search`). What depends on an extension the server may lack is
 * not here but in store-capabilities.ts, created when the extension is there: the trigram indexes
 * (pg_trgm) and the embedding column with its index (pgvector, sized by the embedding model).
 * Append new migrations; never edit one that shipped.
 */
import type { Migration } from '@toolsmith/sql';

/**
 * Full text: the topic and entity id weigh more (A) than the content (B). English stemming for the
 * words (the knowledge is written in English; 'simple' + 'russian' + 'portuguese' configurations
 * measured no better, see docs/knowledge-search.md), the id's parts as words
 * (`field_mappings.custom_fields.checkbox` would otherwise be one "host" token), plus the unstemmed
 * words of the topic and id (D) so identifiers match as written.
 */
export const SEARCH_VECTOR = `
  setweight(to_tsvector('english', topic || ' ' || translate(entity_id, '._/#:~', '      ')), 'A') ||
  setweight(to_tsvector('english', content), 'B') ||
  setweight(to_tsvector('simple', topic || ' ' || entity_id), 'D')`;

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'knowledge entries, usage statistics, vocabulary and store facts',
    up: [
      `CREATE TABLE tools_knowledge (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        pack text NOT NULL,
        tool text NOT NULL,
        entity_type text NOT NULL,
        entity_id text NOT NULL,
        topic text NOT NULL,
        content text NOT NULL,
        content_hash text NOT NULL CHECK (content_hash ~ '^[0-9a-f]{64}$'),
        metadata jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        search_vector tsvector GENERATED ALWAYS AS (${SEARCH_VECTOR}) STORED,
        UNIQUE (pack, entity_type, entity_id)
      )`,
      'CREATE INDEX tools_knowledge_search ON tools_knowledge USING gin (search_vector)',
      'CREATE INDEX tools_knowledge_filter ON tools_knowledge (entity_type, tool)',
      'CREATE INDEX tools_knowledge_tool ON tools_knowledge (tool)',
      `CREATE TABLE knowledge_usage_stats (
        entry_id integer PRIMARY KEY REFERENCES tools_knowledge (id) ON DELETE CASCADE,
        hits integer NOT NULL DEFAULT 0,
        last_used_at timestamptz,
        helpful integer NOT NULL DEFAULT 0,
        unhelpful integer NOT NULL DEFAULT 0
      )`,
      // The store's vocabulary (the lexemes of search_vector) and how many entries hold each: common
      // query words are searched only through the strict match, misspelt ones are corrected to
      // the closest of these (pg_trgm).
      `CREATE TABLE knowledge_terms (
        word text PRIMARY KEY,
        entries integer NOT NULL
      )`,
      // Facts about the store: `embedding` = {model, dimensions} once a model has indexed,
      // `vocabulary` = {entries} when knowledge_terms was counted.
      `CREATE TABLE knowledge_meta (
        key text PRIMARY KEY,
        value jsonb NOT NULL
      )`,
    ],
  },
];
