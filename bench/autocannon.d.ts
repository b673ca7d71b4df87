// The few parts of autocannon's programmatic API the benchmarks use (it ships no types).
declare module 'autocannon' {
  type Stat = { average: number; p50: number; p99: number; max: number; total: number };
  type Result = { requests: Stat; latency: Stat; errors: number; timeouts: number; non2xx: number };
  type Options = {
    url: string;
    connections: number;
    duration: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Requests per second across all connections (0: as fast as they answer). */
    overallRate?: number;
  };
  export default function autocannon(opts: Options): Promise<Result>;
}
