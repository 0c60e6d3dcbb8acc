import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Probes for the module-boundary rules in eslint.config.js: each imports or calls what a rule
 * forbids, from a file where it is forbidden, and must fail lint; the same line where it is
 * allowed must pass. If a rule is weakened or its file globs drift, these fail.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function messages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: root + filePath });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const FEATURE = 'apps/web/src/features/rooms/components/probe.tsx';

describe('module boundaries are enforced by lint', () => {
  it('a web feature imports another only through its index, relative paths included', async () => {
    for (const source of ['../../auth/api/login', '../../auth/components/x.tsx']) {
      expect(await messages(FEATURE, `import { x } from '${source}';\nexport { x };\n`)).toEqual([
        expect.stringContaining('boundaries/feature-index-only'),
      ]);
    }
    for (const source of ['../../auth', '../../auth/index', '../api/list-rooms']) {
      expect(await messages(FEATURE, `import { x } from '${source}';\nexport { x };\n`)).toEqual(
        [],
      );
    }
  }, 60_000);

  it('a server module never imports another module repository', async () => {
    const code = `import { createUsersRepository } from '../users/users.repository.js';\nexport { createUsersRepository };\n`;
    expect(await messages('apps/server/src/modules/auth/probe.ts', code)).toEqual([
      expect.stringContaining('boundaries/no-foreign-repository'),
    ]);
    const own = `import { createUsersRepository } from './users.repository.js';\nexport { createUsersRepository };\n`;
    expect(await messages('apps/server/src/modules/users/probe.ts', own)).toEqual([]);
  }, 60_000);

  it('only the socket plugin creates the Socket.IO server', async () => {
    const code = `import { Server } from 'socket.io';\nexport const io = new Server();\n`;
    expect(await messages('apps/server/src/modules/chat/probe.ts', code)).toEqual([
      expect.stringContaining('no-restricted-imports'),
    ]);
    expect(await messages('apps/server/src/plugins/socket.ts', code)).toEqual([]);
    const typeOnly = `import type { Server } from 'socket.io';\nexport type S = Server;\n`;
    expect(await messages('apps/server/src/modules/chat/probe.ts', typeOnly)).toEqual([]);
  }, 60_000);

  it('only lib/socket.ts imports socket.io-client', async () => {
    const code = `import { io } from 'socket.io-client';\nexport const s = io();\n`;
    for (const file of ['apps/web/src/features/rooms/probe.ts', 'apps/web/src/app/probe.ts']) {
      expect(await messages(file, code)).toEqual([
        expect.stringContaining('no-restricted-imports'),
      ]);
    }
    expect(await messages('apps/web/src/lib/socket.ts', code)).toEqual([]);
  }, 60_000);

  it('only the call feature webrtc/ layer touches RTCPeerConnection and getUserMedia', async () => {
    const probes = [
      'export const pc = new RTCPeerConnection();\n',
      'export const pc = new window.RTCPeerConnection();\n',
      'export const media = navigator.mediaDevices.getUserMedia({ video: true });\n',
      'export const screen = navigator.mediaDevices.getDisplayMedia();\n',
    ];
    for (const code of probes) {
      expect(await messages('apps/web/src/features/call/components/probe.ts', code)).toEqual([
        expect.stringMatching(/no-restricted-(globals|properties)/),
      ]);
      expect(await messages('apps/web/src/features/call/webrtc/probe.ts', code)).toEqual([]);
    }
  }, 60_000);
});
