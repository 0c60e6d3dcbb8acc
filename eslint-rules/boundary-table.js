/**
 * The module boundaries, in one table. Each row drives three things:
 * - an ESLint rule `boundaries/<id>` on the row's files (eslint-rules/boundaries.js builds the
 *   rules, eslint.config.js switches them on);
 * - its probes in eslint-rules/boundaries.test.js: every `fail` probe must fail lint with this
 *   rule, every `pass` probe must lint clean. An import rule needs at least one relative and
 *   one aliased (package or workspace name) probe, so neither way round it goes unwatched;
 * - its line in docs/architecture.md (`npm run docs:boundaries` rewrites it; a test fails
 *   while the two disagree).
 *
 * Row fields:
 * - id, description (one sentence), message (what lint says, the import's specifier follows).
 * - files / ignores: globs from the repository root, as in an ESLint config.
 * - forbids, one of:
 *   - imports: `packages` (globs on the specifier; a glob covers the package and its
 *     subpaths, and a relative path into node_modules counts as that package), `paths` (globs
 *     on the repository file an import reaches, without its extension; relative paths and the
 *     workspaces' own names `@studycircle/...` both resolve to it), `except` ({ packages, paths,
 *     names: { package: [import names allowed from it] }, namesByFolder: { folders: a glob of
 *     folders, names: { folder's last name: [import names allowed from a `paths` match] }, paths?:
 *     globs limiting those names to some targets } }),
 *     `across` (a glob of folders: a `paths` match counts only when the importer and the target
 *     are not in the same such folder), `typeImports: 'allowed'` (an `import type` does not count).
 *   - globals: names that may not be used as globals nor read as a property of anything, and
 *     `properties`, names that may not be read as a property of anything, and
 *     `members`, { object: [properties] } that may not be read off that object (`process.env`,
 *     `process['env']`, `globalThis.process.env`, `const { env } = process`, or
 *     `import { env } from 'node:process'`).
 *   - cycles: true (no import chain may lead back to the importing file).
 * - probes: { fail: [{ via, file?, code }], pass: [{ file?, code }] }, `file` defaulting to the
 *   row's `probeFile`; `via` says what the probe proves: relative, aliased, type, global, ...
 *
 * To add a boundary (say for packages/test-kit), add a row with its probes, then run
 * `npm run docs:boundaries`; eslint.config.js needs no change.
 */

/** From a file five folders down (apps/web/src/features/<area>/), the repository root. */
const UP5 = '../../../../..';

/**
 * The reads across modules that repositories still make (`repository-own-tables`): a module's
 * folder name, and the tables of other modules its repositories may import by name. Every other
 * table a repository imports is its own module's, from its own `<module>.tables.ts`
 * (docs/decisions/0077-each-table-has-one-owner.md). A new cross read belongs in the owner's
 * service, not here; the list may only shrink.
 */
const CROSS_READS = {
  // Deleting an account writes each table through its owner's repository, on one transaction
  // (docs/decisions/0065-account-deletion-in-one-transaction.md): the users repository reads
  // only the device session that every authenticated request checks.
  users: ['deviceSessions'],
  auth: ['users'],
  rooms: ['users'],
  invitations: ['rooms', 'roomMembers', 'users'],
  chat: ['roomMembers'],
  // The scheduler's due query filters on a verified address inside its keyset-limited page.
  reminders: ['users'],
  // A share shows its record as it is now: one join in the list, and the composite key.
  workspace: ['syncRecords', 'users'],
};

/** A module's tables, by the path rule's glob: `modules/<module>/<module>.tables.ts`. */
const TABLE_FILES = 'apps/server/src/modules/*/*.tables';

/**
 * The rooms feature and the room tool features: app/room/ composes them
 * (docs/decisions/0081-one-room-on-the-web.md), so none imports another.
 */
const ROOM_FEATURES =
  'apps/web/src/features/{rooms,call,chat,whiteboard,room-notes,watch,focus}/**';

export const BOUNDARIES = [
  {
    id: 'shared-stands-alone',
    description:
      'packages/shared depends on zod and its own files only: no other package, and no path out of the package.',
    files: ['packages/shared/src/**/*.ts'],
    // Tests beside the code import their runner; the rule guards what the package ships.
    ignores: ['packages/shared/**/*.test.ts'],
    forbids: {
      imports: {
        packages: ['**'],
        paths: ['**'],
        except: { packages: ['zod'], paths: ['packages/shared/**'] },
      },
    },
    message: 'packages/shared depends on nothing but zod and its own files.',
    probeFile: 'packages/shared/src/probe.ts',
    probes: {
      fail: [
        { via: 'relative', code: "import { x } from '../../../apps/server/src/config.js';" },
        { via: 'relative', code: "import { x } from '../../../node_modules/react/index.js';" },
        { via: 'aliased', code: "import { x } from '@studycircle/server/src/config.js';" },
        { via: 'package', code: "import { x } from 'react';" },
        { via: 'package', code: "import { x } from 'node:fs';" },
        { via: 'type', code: "import type { x } from '@studycircle/web/src/lib/http';" },
      ],
      pass: [{ code: "import { z } from 'zod';" }, { code: "import { x } from './rules.js';" }],
    },
  },
  {
    id: 'apps-apart',
    description:
      'The web app and the server never import each other, by any path; what both need lives in packages/shared.',
    files: ['apps/**/*.{ts,tsx,js,mjs}'],
    forbids: { imports: { paths: ['apps/*/**'], across: 'apps/*' } },
    message: 'The web app and the server never import each other; share through packages/shared.',
    probeFile: 'apps/web/src/features/rooms/probe.ts',
    probes: {
      fail: [
        { via: 'relative', code: "import { x } from '../../../../server/src/config.js';" },
        { via: 'aliased', code: "import { x } from '@studycircle/server/src/config.js';" },
        { via: 'type', code: "import type { x } from '@studycircle/server/src/types.js';" },
        {
          via: 'relative',
          file: 'apps/server/src/modules/rooms/probe.ts',
          code: "import { x } from '../../../../web/src/lib/http.js';",
        },
        {
          via: 'aliased',
          file: 'apps/server/src/modules/rooms/probe.ts',
          code: "import { x } from '@studycircle/web/src/lib/http';",
        },
      ],
      pass: [
        { code: "import { x } from '@studycircle/shared';" },
        { code: "import { x } from '../../lib/http';" },
      ],
    },
  },
  {
    id: 'feature-through-index',
    description:
      "A web feature reaches another feature only through that feature's index.ts; app/ composes features.",
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    forbids: {
      imports: {
        paths: ['apps/web/src/features/*/**'],
        except: { paths: ['apps/web/src/features/*', 'apps/web/src/features/*/index'] },
        across: 'apps/web/src/features/*',
      },
    },
    message: 'Import another feature through its index.ts, never its internals.',
    probeFile: 'apps/web/src/features/rooms/components/probe.tsx',
    probes: {
      fail: [
        { via: 'relative', code: "import { x } from '../../auth/api/login';" },
        { via: 'relative', code: "import { x } from '../../auth/components/x.tsx';" },
        {
          via: 'aliased',
          code: "import { x } from '@studycircle/web/src/features/auth/api/login';",
        },
      ],
      pass: [
        { code: "import { x } from '../../auth';" },
        { code: "import { x } from '../../auth/index';" },
        { code: "import { x } from '../api/get-rooms';" },
      ],
    },
  },
  {
    id: 'features-not-app',
    description: 'A web feature never imports app/: app/ composes the features, not the reverse.',
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    forbids: { imports: { paths: ['apps/web/src/app/**'] } },
    message: 'Features do not import app/; app/ composes features.',
    probeFile: 'apps/web/src/features/rooms/components/probe.tsx',
    probes: {
      fail: [
        { via: 'relative', code: "import { x } from '../../../app/router';" },
        { via: 'aliased', code: "import { x } from '@studycircle/web/src/app/router';" },
      ],
      pass: [{ code: "import { x } from '../../../lib/http';" }],
    },
  },
  {
    id: 'room-features-apart',
    description:
      'The rooms feature and the room tool features (call, chat, whiteboard, room-notes, watch, focus) never import one another at run time: app/room/ composes the room page and the call from each tool.ts (type imports may cross).',
    files: [`${ROOM_FEATURES}/*.{ts,tsx}`],
    forbids: {
      imports: {
        paths: [ROOM_FEATURES],
        across: 'apps/web/src/features/*',
        typeImports: 'allowed',
      },
    },
    message:
      'The rooms feature and the room tools do not import one another; compose them in app/room/ from their tool.ts.',
    probeFile: 'apps/web/src/features/rooms/pages/probe.tsx',
    probes: {
      fail: [
        { via: 'relative', code: "import { chatTool } from '../../chat';" },
        { via: 'relative', code: "import { x } from '../../whiteboard/tool';" },
        {
          via: 'relative',
          file: 'apps/web/src/features/call/components/probe.tsx',
          code: "import { roomIdOf } from '../../rooms';",
        },
        {
          via: 'relative',
          file: 'apps/web/src/features/focus/components/probe.tsx',
          code: "import { watchTool } from '../../watch/index';",
        },
        {
          via: 'aliased',
          code: "import { DeviceCheckDialog } from '@studycircle/web/src/features/call';",
        },
        {
          via: 'dynamic',
          file: 'apps/web/src/features/call/components/probe.tsx',
          code: "export const x = () => import('../../focus');",
        },
      ],
      pass: [
        { code: "import type { ChatTool } from '../../chat';" },
        { code: "import { useAuth } from '../../auth';" },
        { code: "import { useRoom } from '../api/get-room';" },
        {
          file: 'apps/web/src/features/focus/components/probe.tsx',
          code: "import { readTasks } from '../../tasks';",
        },
        {
          file: 'apps/web/src/app/room/probe.tsx',
          code: "import { chatTool } from '../../features/chat';",
        },
        {
          file: 'apps/web/src/features/dashboard/components/probe.tsx',
          code: "import { FocusStatsCard } from '../../focus';",
        },
      ],
    },
  },
  {
    id: 'lib-ui-not-features',
    description: 'The web lib/ and ui/ folders never import a feature or app/.',
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/ui/**/*.{ts,tsx}'],
    forbids: { imports: { paths: ['apps/web/src/features/**', 'apps/web/src/app/**'] } },
    message: 'lib/ and ui/ never import features or app/.',
    probeFile: 'apps/web/src/ui/probe.tsx',
    probes: {
      fail: [
        { via: 'relative', code: "import { x } from '../features/auth';" },
        { via: 'relative', code: "import { x } from '../app/router';" },
        { via: 'aliased', code: "import { x } from '@studycircle/web/src/features/auth';" },
        {
          via: 'relative',
          file: 'apps/web/src/lib/probe.ts',
          code: "import { x } from '../features/rooms/api/get-rooms';",
        },
      ],
      pass: [{ code: "import { x } from '../lib/http';" }, { code: "import { x } from './cn';" }],
    },
  },
  {
    id: 'socket-client-in-lib-socket',
    description: 'Only lib/socket.ts imports socket.io-client (types may be imported anywhere).',
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/socket.ts'],
    forbids: { imports: { packages: ['socket.io-client'], typeImports: 'allowed' } },
    message: 'Only lib/socket.ts imports socket.io-client.',
    probeFile: 'apps/web/src/features/rooms/probe.ts',
    probes: {
      fail: [
        {
          via: 'relative',
          code: `import { io } from '${UP5}/node_modules/socket.io-client/build/esm/index.js';`,
        },
        { via: 'package', code: "import { io } from 'socket.io-client';" },
        {
          via: 'package',
          file: 'apps/web/src/app/probe.ts',
          code: "import { io } from 'socket.io-client';",
        },
      ],
      pass: [
        { file: 'apps/web/src/lib/socket.ts', code: "import { io } from 'socket.io-client';" },
        { code: "import type { Socket } from 'socket.io-client';" },
      ],
    },
  },
  {
    id: 'webrtc-in-call-media',
    description:
      "Only the call feature's webrtc/ media layer touches WebRTC objects and getUserMedia or getDisplayMedia (tests may stand in fakes).",
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/call/webrtc/**', 'apps/web/src/**/*.test.{ts,tsx}'],
    forbids: {
      globals: ['RTCPeerConnection', 'RTCSessionDescription', 'RTCIceCandidate'],
      properties: ['getUserMedia', 'getDisplayMedia'],
    },
    message: "Only the call feature's webrtc/ media layer touches WebRTC and media devices.",
    probeFile: 'apps/web/src/features/call/components/probe.ts',
    probes: {
      fail: [
        { via: 'global', code: 'export const pc = new RTCPeerConnection();' },
        { via: 'property', code: 'export const pc = new window.RTCPeerConnection();' },
        { via: 'property', code: 'export const pc = new globalThis.RTCIceCandidate();' },
        {
          via: 'property',
          code: 'export const media = navigator.mediaDevices.getUserMedia({ video: true });',
        },
        { via: 'property', code: "export const s = navigator.mediaDevices['getDisplayMedia']();" },
      ],
      pass: [
        {
          file: 'apps/web/src/features/call/webrtc/probe.ts',
          code: 'export const pc = new RTCPeerConnection();',
        },
        { code: 'export type Pc = RTCPeerConnection;' },
      ],
    },
  },
  {
    id: 'socket-server-in-plugin',
    description:
      'Only plugins/socket.ts creates the Socket.IO server; the rest of the server uses app.io (types may be imported anywhere).',
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/plugins/socket.ts'],
    forbids: { imports: { packages: ['socket.io'], typeImports: 'allowed' } },
    message: 'Only plugins/socket.ts creates the Socket.IO server; use app.io.',
    probeFile: 'apps/server/src/modules/chat/probe.ts',
    probes: {
      fail: [
        {
          via: 'relative',
          code: "import { Server } from '../../../../../node_modules/socket.io/dist/index.js';",
        },
        { via: 'package', code: "import { Server } from 'socket.io';" },
      ],
      pass: [
        { file: 'apps/server/src/plugins/socket.ts', code: "import { Server } from 'socket.io';" },
        { code: "import type { Server } from 'socket.io';" },
        { code: "import { io } from 'socket.io-client';" },
      ],
    },
  },
  {
    id: 'repository-own-module',
    description:
      "A server module never imports another module's repository; it calls that module's service (services.ts, the composition root, may build every repository).",
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/services.ts'],
    forbids: {
      imports: {
        paths: ['apps/server/src/modules/*/**/*.repository'],
        across: 'apps/server/src/modules/*',
      },
    },
    message: 'Use another module through its service, never its repository.',
    probeFile: 'apps/server/src/modules/auth/probe.ts',
    probes: {
      fail: [
        { via: 'relative', code: "import { x } from '../users/users.repository.js';" },
        {
          via: 'aliased',
          code: "import { x } from '@studycircle/server/src/modules/users/users.repository.js';",
        },
        {
          via: 'relative',
          file: 'apps/server/src/plugins/probe.ts',
          code: "import { x } from '../modules/users/users.repository.js';",
        },
      ],
      pass: [
        {
          file: 'apps/server/src/modules/users/probe.ts',
          code: "import { x } from './users.repository.js';",
        },
        { code: "import { x } from '../users/users.service.js';" },
        {
          file: 'apps/server/src/modules/auth/auth.repository.ts',
          code: "import { x } from '../../db/memberships.repository.js';",
        },
      ],
    },
  },
  {
    id: 'janus-behind-sfu-service',
    description:
      "Only the sfu module reaches Janus: the rest of the server uses its service (sfu.service.ts) or its module definition (sfu.module.ts, for the module list), never the Janus client, the VideoRoom requests or the embedded Janus's process (tests may).",
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/modules/sfu/**',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test/**',
    ],
    forbids: {
      imports: {
        paths: ['apps/server/src/modules/sfu/**'],
        except: {
          paths: [
            'apps/server/src/modules/sfu/sfu.service',
            'apps/server/src/modules/sfu/sfu.module',
          ],
        },
      },
    },
    message: 'Reach Janus through the SFU service, modules/sfu/sfu.service.ts.',
    probeFile: 'apps/server/src/modules/signalling/probe.ts',
    probes: {
      fail: [
        { via: 'relative', code: "import { connectJanus } from '../sfu/janus-client.js';" },
        {
          via: 'aliased',
          code: "import { VideoRoomAdmin } from '@studycircle/server/src/modules/sfu/videoroom.js';",
        },
        { via: 'type', code: "import type { Jsep } from '../sfu/janus-messages.js';" },
        {
          via: 'relative',
          file: 'apps/server/src/plugins/probe.ts',
          code: "import { createEmbeddedJanus } from '../modules/sfu/janus-process.js';",
        },
      ],
      pass: [
        { code: "import { createSfuService } from '../sfu/sfu.service.js';" },
        { code: "import type { Jsep } from '../sfu/sfu.service.js';" },
        {
          file: 'apps/server/src/probe.ts',
          code: "import { sfuModule } from './modules/sfu/sfu.module.js';",
        },
        {
          file: 'apps/server/src/modules/sfu/probe.ts',
          code: "import { connectJanus } from './janus-client.js';",
        },
      ],
    },
  },
  {
    id: 'db-client-in-repositories',
    description:
      'Only db/client.ts (which opens PGlite or PostgreSQL) and *.repository.ts files touch the database client: the drizzle-orm query API, pg and @electric-sql/pglite.',
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/db/client.ts',
      // The tables files declare tables; the next row says what they may use.
      'apps/server/src/db/schema.ts',
      'apps/server/src/db/columns.ts',
      'apps/server/src/modules/*/*.tables.ts',
      // Tests check what was stored, and make throwaway databases.
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test/**',
    ],
    forbids: { imports: { packages: ['drizzle-orm', 'pg', '@electric-sql/pglite'] } },
    message: 'Only *.repository.ts and db/client.ts touch the database; call a repository.',
    probeFile: 'apps/server/src/modules/rooms/probe.ts',
    probes: {
      fail: [
        {
          via: 'relative',
          code: "import { eq } from '../../../../../node_modules/drizzle-orm/index.js';",
        },
        { via: 'package', code: "import { eq } from 'drizzle-orm';" },
        { via: 'package', code: "import pg from 'pg';" },
        { via: 'package', code: "import { PGlite } from '@electric-sql/pglite';" },
        {
          via: 'package',
          file: 'apps/server/src/db/data-dir-lock.ts',
          code: "import { drizzle } from 'drizzle-orm/pglite';",
        },
      ],
      pass: [
        {
          file: 'apps/server/src/modules/rooms/rooms.repository.ts',
          code: "import { eq } from 'drizzle-orm';",
        },
        {
          file: 'apps/server/src/db/memberships.repository.ts',
          code: "import { eq } from 'drizzle-orm';",
        },
        { file: 'apps/server/src/db/client.ts', code: "import pg from 'pg';" },
        { file: 'apps/server/src/services.ts', code: "import type { Db } from './db/client.js';" },
      ],
    },
  },
  {
    id: 'schema-declares-tables',
    description:
      "A module's tables file (and db/schema.ts, db/columns.ts) declares tables with drizzle-orm/pg-core (and the sql template for a default value): it describes the database and never queries it.",
    files: [
      'apps/server/src/db/schema.ts',
      'apps/server/src/db/columns.ts',
      'apps/server/src/modules/*/*.tables.ts',
    ],
    forbids: {
      imports: {
        packages: ['drizzle-orm', 'pg', '@electric-sql/pglite'],
        except: { packages: ['drizzle-orm/pg-core'], names: { 'drizzle-orm': ['sql'] } },
      },
    },
    message: 'A tables file declares tables only: queries belong in a repository.',
    probeFile: 'apps/server/src/modules/chat/chat.tables.ts',
    probes: {
      fail: [
        {
          via: 'relative',
          code: "import { drizzle } from '../../../../../node_modules/drizzle-orm/pglite/index.js';",
        },
        { via: 'package', code: "import { eq } from 'drizzle-orm';" },
        { via: 'package', code: "import pg from 'pg';" },
        {
          via: 'package',
          file: 'apps/server/src/db/schema.ts',
          code: "import { eq } from 'drizzle-orm';",
        },
      ],
      pass: [
        { code: "import { pgTable } from 'drizzle-orm/pg-core';" },
        { code: "import { sql } from 'drizzle-orm';" },
        { code: "import { rooms } from '../rooms/rooms.tables.js';" },
      ],
    },
  },
  {
    id: 'test-kit-in-tests',
    description:
      'Only tests, e2e and bench use packages/test-kit; the apps and packages/shared never ship it.',
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    ignores: [
      'apps/*/src/**/*.test.{ts,tsx}',
      'apps/*/src/test/**',
      'packages/shared/**/*.test.ts',
    ],
    forbids: { imports: { paths: ['packages/test-kit/**'], packages: ['@studycircle/test-kit'] } },
    message: 'Only tests, e2e and bench import the test kit.',
    probeFile: 'apps/server/src/modules/rooms/probe.ts',
    probes: {
      fail: [
        {
          via: 'relative',
          code: "import { freePort } from '../../../../../packages/test-kit/src/index.js';",
        },
        { via: 'aliased', code: "import { freePort } from '@studycircle/test-kit';" },
        {
          via: 'aliased',
          file: 'apps/web/src/lib/probe.ts',
          code: "import { watchErrors } from '@studycircle/test-kit/browser';",
        },
      ],
      pass: [
        {
          file: 'apps/server/src/modules/rooms/probe.test.ts',
          code: "import { freePort } from '@studycircle/test-kit';",
        },
        {
          file: 'apps/server/src/test/probe.ts',
          code: "import { freePort } from '@studycircle/test-kit';",
        },
      ],
    },
  },
  {
    id: 'routes-own-module',
    description:
      "A server module never imports another module's routes file: what routes share (the bearer token reader) lives in that module's public seam; app.ts, the composition root, registers every module's routes.",
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/app.ts', 'apps/server/src/**/*.test.ts', 'apps/server/src/test/**'],
    forbids: {
      imports: {
        paths: ['apps/server/src/modules/*/**/*.routes'],
        across: 'apps/server/src/modules/*',
      },
    },
    message: "Never import another module's routes; use its public seam.",
    probeFile: 'apps/server/src/modules/system/probe.ts',
    probes: {
      fail: [
        { via: 'relative', code: "import { authRoutes } from '../auth/auth.routes.js';" },
        {
          via: 'aliased',
          code: "import { x } from '@studycircle/server/src/modules/auth/auth.routes.js';",
        },
        {
          via: 'relative',
          file: 'apps/server/src/plugins/probe.ts',
          code: "import { roomsRoutes } from '../modules/rooms/rooms.routes.js';",
        },
      ],
      pass: [
        { code: "import { bearer } from '../auth/auth.http.js';" },
        { code: "import { turnCredentials } from './turn.js';" },
        {
          file: 'apps/server/src/modules/auth/auth.module.ts',
          code: "import { authRoutes } from './auth.routes.js';",
        },
        {
          file: 'apps/server/src/app.ts',
          code: "import { roomsRoutes } from './modules/rooms/rooms.routes.js';",
        },
      ],
    },
  },
  {
    id: 'schema-in-repositories',
    description:
      "Only repositories (and db/, which opens the database, and the tables files themselves) import tables, from a module's *.tables.ts or db/schema.ts: a service reads the database through its repository.",
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/modules/*/*.tables.ts',
      'apps/server/src/db/**',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test/**',
    ],
    forbids: { imports: { paths: ['apps/server/src/db/schema', TABLE_FILES] } },
    message: 'Only a repository imports tables; call your repository.',
    probeFile: 'apps/server/src/modules/chat/chat.service.ts',
    probes: {
      fail: [
        { via: 'relative', code: "import { roomMessages } from './chat.tables.js';" },
        { via: 'relative', code: "import { roomMessages } from '../../db/schema.js';" },
        {
          via: 'aliased',
          code: "import { users } from '@studycircle/server/src/modules/users/users.tables.js';",
        },
        { via: 'type', code: "import type { users } from '../users/users.tables.js';" },
        {
          via: 'relative',
          file: 'apps/server/src/plugins/probe.ts',
          code: "import * as schema from '../db/schema.js';",
        },
      ],
      pass: [
        {
          file: 'apps/server/src/modules/chat/chat.repository.ts',
          code: "import { roomMessages } from './chat.tables.js';",
        },
        {
          file: 'apps/server/src/modules/chat/chat.tables.ts',
          code: "import { rooms } from '../rooms/rooms.tables.js';",
        },
        { code: "import type { ChatRepository } from './chat.repository.js';" },
      ],
    },
  },
  {
    id: 'repository-own-tables',
    description:
      "A module's repository imports tables only from its own module's *.tables.ts, by name, plus the cross reads listed in the row (decision 0077); never db/schema.ts, and any other read goes through the owner's service.",
    files: ['apps/server/src/modules/**/*.repository.ts'],
    forbids: {
      imports: {
        paths: ['apps/server/src/db/schema', TABLE_FILES],
        across: 'apps/server/src/modules/*',
        except: {
          namesByFolder: {
            folders: 'apps/server/src/modules/*',
            names: CROSS_READS,
            paths: [TABLE_FILES],
          },
        },
      },
    },
    message:
      "A repository imports only its own module's tables (the cross reads left are listed in boundary-table.js).",
    probeFile: 'apps/server/src/modules/chat/chat.repository.ts',
    probes: {
      fail: [
        { via: 'relative', code: "import { users } from '../users/users.tables.js';" },
        {
          via: 'aliased',
          code: "import { syncRecords } from '@studycircle/server/src/modules/sync/sync.tables.js';",
        },
        { via: 'schema', code: "import { roomMessages } from '../../db/schema.js';" },
        { via: 'namespace', code: "import * as sync from '../sync/sync.tables.js';" },
        {
          via: 'relative',
          file: 'apps/server/src/modules/contact/contact.repository.ts',
          code: "import { users } from '../users/users.tables.js';",
        },
        {
          via: 'relative',
          file: 'apps/server/src/modules/reminders/reminders.repository.ts',
          code: "import { syncRecords } from '../sync/sync.tables.js';",
        },
        {
          via: 'relative',
          file: 'apps/server/src/modules/focus/focus.repository.ts',
          code: "import { syncRecords } from '../sync/sync.tables.js';",
        },
        {
          via: 'relative',
          file: 'apps/server/src/modules/focus/focus.repository.ts',
          code: "import { users } from '../users/users.tables.js';",
        },
      ],
      pass: [
        { code: "import { roomMessages } from './chat.tables.js';" },
        {
          file: 'apps/server/src/modules/focus/focus.repository.ts',
          code: "import { focusDays, focusGoals } from './focus.tables.js';",
        },
      ],
    },
  },
  {
    id: 'services-hold-repositories',
    description:
      "A module's service (and every other module file but its repositories and tables) never imports db/client.ts, not even the Db type, nor a repository under db/: it holds its own repository, which services.ts builds, and hands a transaction on as the opaque Tx of db/tx.ts.",
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/modules/*/*.tables.ts',
      'apps/server/src/**/*.test.ts',
    ],
    forbids: {
      imports: { paths: ['apps/server/src/db/client', 'apps/server/src/db/*.repository'] },
    },
    message: 'A service holds its repository, never the database; take a repository (or a Tx).',
    probeFile: 'apps/server/src/modules/chat/chat.service.ts',
    probes: {
      fail: [
        { via: 'type', code: "import type { Db } from '../../db/client.js';" },
        { via: 'relative', code: "import { openDatabase } from '../../db/client.js';" },
        {
          via: 'aliased',
          code: "import type { Db } from '@studycircle/server/src/db/client.js';",
        },
        {
          via: 'relative',
          code: "import { addMembership } from '../../db/memberships.repository.js';",
        },
        {
          via: 'type',
          file: 'apps/server/src/modules/storage/file-store.ts',
          code: "import type { Db } from '../../db/client.js';",
        },
      ],
      pass: [
        { code: "import type { Tx } from '../../db/tx.js';" },
        { code: "import { type ChatRepository } from './chat.repository.js';" },
        {
          file: 'apps/server/src/modules/chat/chat.repository.ts',
          code: "import type { Db } from '../../db/client.js';",
        },
        {
          file: 'apps/server/src/services.ts',
          code: "import type { Db } from './db/client.js';",
        },
      ],
    },
  },
  {
    id: 'lib-plugins-not-services',
    description:
      "The server's lib/ and plugins/ never import a module's service (nor anything else of a module): modules build on them, and app.ts hands services over as app.services.",
    files: ['apps/server/src/lib/**/*.ts', 'apps/server/src/plugins/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    forbids: { imports: { paths: ['apps/server/src/modules/**'] } },
    message: 'lib/ and plugins/ never import a module; modules build on them.',
    probeFile: 'apps/server/src/plugins/probe.ts',
    probes: {
      fail: [
        {
          via: 'relative',
          code: "import { createAuthService } from '../modules/auth/auth.service.js';",
        },
        {
          via: 'aliased',
          code: "import { x } from '@studycircle/server/src/modules/rooms/rooms.service.js';",
        },
        {
          via: 'type',
          code: "import type { AuthService } from '../modules/auth/auth.service.js';",
        },
        {
          via: 'relative',
          file: 'apps/server/src/lib/probe.ts',
          code: "import { x } from '../modules/users/users.service.js';",
        },
      ],
      pass: [
        { code: "import { AppError } from '../lib/app-error.js';" },
        { code: "import type { AppServices } from '../types.js';" },
      ],
    },
  },
  {
    id: 'env-in-config',
    description:
      'Only config.ts reads the environment (process.env); the rest of the server reads its settings from the loaded config (tests and test helpers may read it).',
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/config.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test/**',
    ],
    forbids: { globals: [], members: { process: ['env'] } },
    message: 'Only config.ts reads process.env; add a setting there.',
    probeFile: 'apps/server/src/modules/rooms/probe.ts',
    probes: {
      fail: [
        { via: 'property', code: 'export const url = process.env.DATABASE_URL;' },
        { via: 'computed', code: "export const url = process['env'].DATABASE_URL;" },
        { via: 'property', code: 'export const url = globalThis.process.env.DATABASE_URL;' },
        { via: 'destructured', code: 'const { env } = process;\nexport const url = env.X;' },
        { via: 'import', code: "import { env } from 'node:process';\nexport const x = env.X;" },
      ],
      pass: [
        { file: 'apps/server/src/config.ts', code: 'export const url = process.env.DATABASE_URL;' },
        {
          code: "import type { Config } from '../../config.js';\nexport const f = (c: Config) => c;",
        },
        { code: 'export const f = (o: { env: string }) => o.env;' },
        { code: 'export const pid = process.pid;' },
      ],
    },
  },
  {
    id: 'components-no-fetch',
    description:
      "A web component or page never calls fetch: requests live in the feature's api/ (over lib/http) and reach the view through a hook.",
    files: [
      'apps/web/src/features/*/components/**/*.tsx',
      'apps/web/src/features/*/pages/**/*.tsx',
    ],
    ignores: ['apps/web/src/**/*.test.tsx'],
    forbids: { globals: ['fetch'] },
    message: "Components do not call fetch; use the feature's api/ through a hook.",
    probeFile: 'apps/web/src/features/rooms/components/probe.tsx',
    probes: {
      fail: [
        { via: 'global', code: "export const r = fetch('/api/rooms');" },
        { via: 'property', code: "export const r = window.fetch('/api/rooms');" },
        {
          via: 'global',
          file: 'apps/web/src/features/rooms/pages/probe.tsx',
          code: "export const r = () => fetch('/api/rooms');",
        },
      ],
      pass: [
        { code: "import { getRooms } from '../api/get-rooms';\nexport const r = getRooms;" },
        { file: 'apps/web/src/features/rooms/api/probe.ts', code: "export const r = fetch('/x');" },
      ],
    },
  },
  {
    id: 'components-no-socket',
    description:
      "A web component or page never takes the socket itself (lib/socket.ts): the feature's hooks or lib/ hold it, so a view only renders state and calls functions (types may be imported).",
    files: [
      'apps/web/src/features/*/components/**/*.tsx',
      'apps/web/src/features/*/pages/**/*.tsx',
    ],
    ignores: ['apps/web/src/**/*.test.tsx'],
    forbids: { imports: { paths: ['apps/web/src/lib/socket'], typeImports: 'allowed' } },
    message: "Components do not use the socket; go through the feature's hook or lib/.",
    probeFile: 'apps/web/src/features/whiteboard/components/probe.tsx',
    probes: {
      fail: [
        { via: 'relative', code: "import { acquireSocket } from '../../../lib/socket';" },
        {
          via: 'aliased',
          code: "import { acquireSocket } from '@studycircle/web/src/lib/socket';",
        },
        {
          via: 'relative',
          file: 'apps/web/src/features/call/pages/probe.tsx',
          code: "import { sessionEndedOn } from '../../../lib/socket';",
        },
      ],
      pass: [
        { code: "import type { AppSocket } from '../../../lib/socket';" },
        { code: "import { openBoardSync } from '../lib/board-sync';" },
        {
          file: 'apps/web/src/features/whiteboard/lib/probe.ts',
          code: "import { acquireSocket } from '../../../lib/socket';",
        },
      ],
    },
  },
  {
    id: 'no-cycles',
    description:
      'No file imports, through any chain of imports, a file that imports it back: type-only and dynamic imports count.',
    files: ['**/*.{ts,tsx,js,mjs}'],
    forbids: { cycles: true },
    message: 'This import closes an import cycle.',
    // Probes stand in for a real file that the package's index re-exports.
    probeFile: 'packages/shared/src/rules.ts',
    probes: {
      fail: [
        { via: 'relative', code: "import { x } from './index.js';" },
        { via: 'aliased', code: "import { x } from '@studycircle/shared';" },
        { via: 'type', code: "import type { x } from './index.js';" },
        { via: 'dynamic', code: "export const x = () => import('./index.js');" },
      ],
      pass: [{ code: "import { z } from 'zod';" }, { code: "import { x } from './constants.js';" }],
    },
  },
];
