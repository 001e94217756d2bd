// Runs the HTTP API on its own (without the storefront pages), e.g. for a separate API tier.
import http from 'node:http';
import { serve, type HttpBindings, type Http2Bindings } from '@hono/node-server';
import { readConfig } from '../src/server/config';
import { clientAddressOf, withClientAddress } from '../src/server/client-address';
import { guardMethods } from '../src/server/method-guard';
import { createRuntime } from '../src/server/runtime';

const runtime = await createRuntime(readConfig());
const port = Number(process.env.API_PORT ?? 4322);
serve(
  {
    fetch: (request: Request, env: HttpBindings | Http2Bindings) =>
      runtime.api.fetch(
        withClientAddress(request, clientAddressOf(request, env.incoming.socket.remoteAddress, runtime.deps.config.trustProxy)),
      ),
    port,
    // TRACE and other methods the API does not serve: 405 before a web Request is built (it throws on TRACE)
    createServer: ((options: http.ServerOptions, listener: http.RequestListener) =>
      http.createServer(options, guardMethods(listener))) as typeof http.createServer,
    hostname: process.env.HOST ?? '127.0.0.1',
  },
  (info) => runtime.deps.logger.info(`API listening on http://${info.address}:${info.port}/api`),
);
