/** Route options and decorations this server adds to Fastify's types. */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on tool routes: the catalog id of the tool (load shedding counts these). */
    tool?: string;
    /** Set on tool routes: the largest body the route reads (what an async job may hold). */
    maxBodyBytes?: number;
  }
}

export {};
