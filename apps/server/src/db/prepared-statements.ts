import pg from 'pg';

/**
 * PostgreSQL parses and plans every unnamed statement again; most of its time in a busy store went
 * there (parser, planner and catalogue lookups), for the same few hundred statement texts. A
 * connection of this client prepares each parameterized statement once, under a name of its own
 * on that connection (looked up by the text: hashing every text cost more than the lookup), and runs
 * it again by name, as JDBC does: PostgreSQL then plans it per call for its first
 * five runs and after that keeps a generic plan only where that plan costs no more. A connection
 * prepares at most PREPARED_PER_CONNECTION texts (texts made per call, such as an IN list's
 * length, would otherwise grow each server process without bound); beyond, statements run unnamed.
 */
export const PREPARED_PER_CONNECTION = 400;

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown[] };

export class PreparingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const prepared = new Map<string, string>();
    const nameOf = (config: QueryConfig, values: unknown[] | undefined): string | null => {
      const { text } = config;
      if (config.name || typeof text !== 'string') return null;
      if ((config.values ?? values ?? []).length === 0) return null;
      const known = prepared.get(text);
      if (known) return known;
      if (prepared.size >= PREPARED_PER_CONNECTION) return null;
      const name = `s_${prepared.size + 1}`;
      prepared.set(text, name);
      return name;
    };
    // node-postgres' query has many overloads; a config object (Drizzle's way) or a text with values
    // gets a name, anything else passes as it came.
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    this.query = ((...args: unknown[]) => {
      const [first, values] = args;
      const config: QueryConfig | null =
        typeof first === 'string'
          ? { text: first }
          : typeof first === 'object' && first !== null
            ? first
            : null;
      const name = config && nameOf(config, Array.isArray(values) ? values : undefined);
      if (name) args[0] = { ...config, name };
      return query(...args);
    }) as typeof this.query;
  }
}
