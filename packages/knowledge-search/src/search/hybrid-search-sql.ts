/**
 * The hybrid search as one SQL statement, the same on PGlite and PostgreSQL. Up to three searches
 * each rank their best candidates, and reciprocal rank fusion (RRF, Cormack et al. 2009) merges
 * them: score = Σ 1 / (k + rank) over the searches that found the entry. Ranks, not raw scores, are
 * fused, so a ts_rank and a cosine distance never need to be put on one scale.
 *
 * - fulltext: entries matching the whole `websearch_to_tsquery` (every word, "quoted phrases",
 *   -excluded) first, then entries with any of the query's uncommon words (a word in more than a
 *   tenth of the entries says little), plus vocabulary words close to misspelt query words
 *   (pg_trgm); ranked by `ts_rank_cd` over the entry's length. Only the entries holding the
 *   rarest of those words, up to LOOSE_POOL entries, are ranked as loose matches.
 * - trigram (pg_trgm): the query against each entry's topic and id, `word_similarity` — identifiers
 *   (validate-create-task, custom_task_ids) and misspellings of them.
 * - vector (pgvector): cosine distance to the query's embedding, when the entries have embeddings.
 */
import type { EntityType } from '../entity-types.ts';

export interface SearchArms {
  trigram: boolean;
  vector: boolean;
}

export interface SearchSqlParams {
  text: string;
  limit: number;
  entityTypes: readonly EntityType[] | null;
  tools: readonly string[] | null;
  /** Candidates each search contributes before fusion. */
  candidates: number;
  /** The query's embedding, when the vector search runs. */
  embedding?: readonly number[];
}

/** RRF's k: 60 in the paper; smaller favours the top of each list. */
export const RRF_K = 60;

/** Query words in more than this share of the entries only count through the strict (all words) match. */
export const COMMON_SHARE = 0.1;
/** …unless the query has nothing rarer: its this many rarest words are always searched. */
const RAREST_KEPT = 2;
/**
 * Loose matches are ranked only among the entries holding the rarest loose words, taken rarest
 * first while their entries add up to at most this many. Only a large store reaches it: in 250
 * entries a word in more than a tenth of them is already left out.
 */
export const LOOSE_POOL = 1_000;

export function hybridSearchSql(
  arms: SearchArms,
  params: SearchSqlParams,
): { sql: string; values: unknown[] } {
  const values: unknown[] = [params.text, params.limit, params.entityTypes, params.tools, params.candidates];
  const filter = `($3::text[] IS NULL OR k.entity_type = ANY($3::text[])) AND ($4::text[] IS NULL OR k.tool = ANY($4::text[]))`;
  const ctes: string[] = [];
  const ranked: string[] = [];

  // The query's lexemes and in how many entries each occurs (the vocabulary, knowledge_terms).
  ctes.push(`lexemes AS MATERIALIZED (
    SELECT l AS lexeme, coalesce(t.entries, 0) AS entries
    FROM unnest(tsvector_to_array(to_tsvector('english', $1))) AS l
    LEFT JOIN knowledge_terms t ON t.word = l
  )`);
  // Lexemes no entry holds → the closest vocabulary words (misspellings), with pg_trgm.
  const corrections = arms.trigram
    ? `UNION SELECT c.word, c.entries FROM lexemes
       CROSS JOIN LATERAL (
         SELECT t.word, t.entries FROM knowledge_terms t
         WHERE lower(t.word) % lexemes.lexeme
         ORDER BY similarity(lower(t.word), lexemes.lexeme) DESC, left(t.word, 1) = left(lexemes.lexeme, 1) DESC, t.entries DESC
         LIMIT 2
       ) c
       WHERE lexemes.entries = 0 AND length(lexemes.lexeme) >= 4`
    : '';
  ctes.push(`terms AS MATERIALIZED (
    SELECT lexeme, entries, row_number() OVER w AS rarity, sum(entries) OVER w AS pooled
    FROM (SELECT lexeme, entries FROM lexemes WHERE entries > 0 ${corrections}) u
    WINDOW w AS (ORDER BY entries, lexeme)
  )`);
  // strict: every word (websearch syntax: "phrases", -excluded, or). loose: any of the query's
  // uncommon words, so an entry needs no exact wording to be found; ranked by cover density over
  // the entry's length (short, focused entries before long code). pool: which entries are ranked
  // as loose matches — those holding the loose words taken rarest first while their entries add up
  // to at most LOOSE_POOL (none when the rarest alone is commoner), since ts_rank_cd reads each
  // one's whole tsvector. Scores are against loose either way. The pool's lexemes go in quoted, as
  // they are: parsed again, `x-org-id` also brings `x`, `org` and `id`, which the rule left out.
  const uncommon = `(entries <= greatest(5, ${COMMON_SHARE} * coalesce((SELECT (value ->> 'entries')::float8 FROM knowledge_meta WHERE key = 'vocabulary'), 0))
        OR rarity <= ${RAREST_KEPT})`;
  ctes.push(`q AS MATERIALIZED (
    SELECT $1::text AS text, websearch_to_tsquery('english', $1) AS strict,
      nullif(replace(plainto_tsquery('simple', coalesce((
        SELECT string_agg(lexeme, ' ') FROM terms WHERE ${uncommon}
      ), ''))::text, ' & ', ' | '), '')::tsquery AS loose, (
        SELECT string_agg('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || '''', ' | ') FROM terms
        WHERE ${uncommon} AND pooled <= ${LOOSE_POOL}
      )::tsquery AS pool
  )`);
  // Strict matches rank before loose ones, so when they alone fill the candidates the loose matches
  // are not ranked at all (ts_rank_cd reads every matching entry's tsvector: at 10,000 entries a
  // common word matches thousands). Otherwise the best loose matches fill up: 2 × candidates of
  // them, since the strict ones (fewer than the candidates) are among them too.
  ctes.push(`strict_hits AS (
    SELECT k.id, ts_rank_cd(k.search_vector, q.loose, 2) AS score
    FROM tools_knowledge k, q
    WHERE k.search_vector @@ q.strict AND ${filter}
    ORDER BY score DESC, k.id LIMIT $5
  )`);
  ctes.push(`fulltext AS (
    SELECT id, row_number() OVER (ORDER BY strict DESC, score DESC, id) AS rank FROM (
      SELECT DISTINCT ON (id) id, score, strict FROM (
        SELECT id, score, true AS strict FROM strict_hits
        UNION ALL
        SELECT * FROM (
          SELECT k.id, ts_rank_cd(k.search_vector, q.loose, 2) AS score, false AS strict
          FROM tools_knowledge k, q
          WHERE (SELECT count(*) FROM strict_hits) < $5 AND k.search_vector @@ q.pool AND ${filter}
          ORDER BY score DESC, k.id LIMIT 2 * $5
        ) loose_hits
      ) both_hits
      ORDER BY id, strict DESC
    ) hits
    ORDER BY rank LIMIT $5
  )`);
  ranked.push(`SELECT id, rank, 'fulltext' AS kind FROM fulltext`);

  if (arms.trigram) {
    // The query text comes from q, not $1: with a constant the planner estimates `<%` by running
    // word_similarity over the column's statistics (pg_trgm's matchingsel), about 4 ms a search on
    // PGlite at 10,000 entries, for a plan that is the same either way.
    ctes.push(`trigram AS (
      SELECT id, row_number() OVER (ORDER BY similarity DESC, id) AS rank FROM (
        SELECT k.id, word_similarity(q.text, left(k.topic, 80) || ' ' || k.entity_id) AS similarity
        FROM tools_knowledge k, q
        WHERE q.text <% (left(k.topic, 80) || ' ' || k.entity_id) AND ${filter}
      ) s
      ORDER BY rank LIMIT $5
    )`);
    ranked.push(`SELECT id, rank, 'trigram' AS kind FROM trigram`);
  }

  if (arms.vector && params.embedding) {
    values.push(`[${params.embedding.join(',')}]`);
    ctes.push(`vector AS (
      SELECT id, row_number() OVER (ORDER BY distance, id) AS rank FROM (
        SELECT k.id, k.embedding <=> $6::vector AS distance
        FROM tools_knowledge k
        WHERE k.embedding IS NOT NULL AND ${filter}
        ORDER BY distance LIMIT $5
      ) s
    )`);
    ranked.push(`SELECT id, rank, 'vector' AS kind FROM vector`);
  }

  const sql = `WITH ${ctes.join(',\n')},
  fused AS (
    SELECT id, sum(1.0 / (${RRF_K} + rank))::float8 AS score, array_agg(kind ORDER BY kind) AS kinds
    FROM (${ranked.join(' UNION ALL ')}) r
    GROUP BY id
  )
  SELECT k.id, k.entity_type, k.entity_id, k.topic, k.content, k.tool, k.pack, k.metadata, f.score, f.kinds
  FROM (SELECT * FROM fused ORDER BY score DESC, id LIMIT $2) f JOIN tools_knowledge k ON k.id = f.id
  ORDER BY f.score DESC, k.id`;
  return { sql, values };
}
