import { readFileSync } from 'node:fs';

/**
 * What a batch of objects costs, from two V8 heap snapshots of one process taken before and after
 * (bench/idle-sockets.ts with BENCH_HEAP_DIFF=1): the objects in the second that the first did not
 * hold (V8 keeps an object's snapshot id for its life), their self sizes summed two ways:
 *
 * - by kind: the node's type and name (a constructor, a closure's function name, "(object
 *   properties)" for a dictionary, "system / Context" for a closure's context...);
 * - by owner: each new object charged to the nearest object above it in the dominator tree (the
 *   one every path from the roots to it passes through) whose constructor is a named class, so an
 *   EventEmitter's `_events` dictionary and the listeners in it count for the emitter holding them.
 *
 * Weak edges do not keep anything alive, so they are left out of the dominator tree, as DevTools
 * does.
 */

interface Snapshot {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
    };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
  locations?: number[];
}

export interface Parsed {
  count: number;
  type: Uint8Array;
  name: Uint32Array;
  id: Uint32Array;
  size: Uint32Array;
  firstEdge: Uint32Array;
  edgeTo: Uint32Array;
  edgeType: Uint8Array;
  edgeName: Uint32Array;
  strings: string[];
  types: string[];
  edgeTypes: string[];
  /** Script location per node index (closures), when the snapshot records it. */
  location: Map<number, string>;
}

export function parse(file: string): Parsed {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const { meta } = raw.snapshot;
  const nf = meta.node_fields.length;
  const ef = meta.edge_fields.length;
  const count = raw.nodes.length / nf;
  const f = (n: string) => meta.node_fields.indexOf(n);
  const [iType, iName, iId, iSize, iEdges] = ['type', 'name', 'id', 'self_size', 'edge_count'].map(
    f,
  ) as [number, number, number, number, number];
  const e = (n: string) => meta.edge_fields.indexOf(n);
  const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map(e) as [
    number,
    number,
    number,
  ];
  const p: Parsed = {
    count,
    type: new Uint8Array(count),
    name: new Uint32Array(count),
    id: new Uint32Array(count),
    size: new Uint32Array(count),
    firstEdge: new Uint32Array(count + 1),
    edgeTo: new Uint32Array(raw.edges.length / ef),
    edgeType: new Uint8Array(raw.edges.length / ef),
    edgeName: new Uint32Array(raw.edges.length / ef),
    strings: raw.strings,
    types: meta.node_types[0],
    edgeTypes: meta.edge_types[0],
    location: new Map(),
  };
  let edge = 0;
  for (let i = 0; i < count; i++) {
    const b = i * nf;
    p.type[i] = raw.nodes[b + iType]!;
    p.name[i] = raw.nodes[b + iName]!;
    p.id[i] = raw.nodes[b + iId]!;
    p.size[i] = raw.nodes[b + iSize]!;
    p.firstEdge[i] = edge;
    edge += raw.nodes[b + iEdges]!;
  }
  p.firstEdge[count] = edge;
  for (let j = 0; j < p.edgeTo.length; j++) {
    p.edgeType[j] = raw.edges[j * ef + eType]!;
    p.edgeName[j] = raw.edges[j * ef + eName]!;
    p.edgeTo[j] = raw.edges[j * ef + eTo]! / nf;
  }
  const loc = raw.locations ?? [];
  for (let j = 0; j + 3 < loc.length; j += 4) {
    p.location.set(loc[j]! / nf, `script ${loc[j + 1]}:${loc[j + 2]! + 1}`);
  }
  return p;
}

/** Immediate dominators (Cooper, Harvey and Kennedy's iterative algorithm), root = node 0. */
function dominators(p: Parsed): Int32Array {
  const weak = p.edgeTypes.indexOf('weak');
  const shortcut = p.edgeTypes.indexOf('shortcut');
  const strong = (j: number) => p.edgeType[j] !== weak && p.edgeType[j] !== shortcut;
  // Post-order by an iterative depth-first walk from the root.
  const order = new Int32Array(p.count).fill(-1);
  const post: number[] = [];
  const stack: number[] = [0];
  const next = new Uint32Array(p.count);
  const seen = new Uint8Array(p.count);
  seen[0] = 1;
  for (let i = 0; i < p.count; i++) next[i] = p.firstEdge[i]!;
  while (stack.length) {
    const n = stack[stack.length - 1]!;
    if (next[n]! < p.firstEdge[n + 1]!) {
      const j = next[n]!++;
      const to = p.edgeTo[j]!;
      if (strong(j) && !seen[to]) {
        seen[to] = 1;
        stack.push(to);
      }
    } else {
      order[n] = post.length;
      post.push(n);
      stack.pop();
    }
  }
  // Predecessors (strong edges between reachable nodes).
  const predCount = new Uint32Array(p.count + 1);
  for (let n = 0; n < p.count; n++) {
    if (order[n]! < 0) continue;
    for (let j = p.firstEdge[n]!; j < p.firstEdge[n + 1]!; j++) {
      if (strong(j) && order[p.edgeTo[j]!]! >= 0) predCount[p.edgeTo[j]! + 1]!++;
    }
  }
  for (let i = 1; i <= p.count; i++) predCount[i]! += predCount[i - 1]!;
  const preds = new Uint32Array(predCount[p.count]!);
  const fill = predCount.slice();
  for (let n = 0; n < p.count; n++) {
    if (order[n]! < 0) continue;
    for (let j = p.firstEdge[n]!; j < p.firstEdge[n + 1]!; j++) {
      const to = p.edgeTo[j]!;
      if (strong(j) && order[to]! >= 0) preds[fill[to]!++] = n;
    }
  }
  const idom = new Int32Array(p.count).fill(-1);
  idom[0] = 0;
  const intersect = (a: number, b: number) => {
    while (a !== b) {
      while (order[a]! < order[b]!) a = idom[a]!;
      while (order[b]! < order[a]!) b = idom[b]!;
    }
    return a;
  };
  for (let changed = true; changed;) {
    changed = false;
    for (let k = post.length - 2; k >= 0; k--) {
      const n = post[k]!;
      let d = -1;
      for (let j = predCount[n]!; j < predCount[n + 1]!; j++) {
        const q = preds[j]!;
        if (idom[q]! < 0) continue;
        d = d < 0 ? q : intersect(q, d);
      }
      if (d >= 0 && idom[n] !== d) {
        idom[n] = d;
        changed = true;
      }
    }
  }
  return idom;
}

export interface HeapDiff {
  /** Objects new in the second snapshot, and their self sizes summed. */
  objects: number;
  bytes: number;
  byKind: [string, number, number][];
  byOwner: [string, number, number][];
  /** By owner and the two property names below it, e.g. "socket.io Socket._events.join-room". */
  byField: [string, number, number][];
}

/** Compares `before` and `after` (two .heapsnapshot files of one process). */
export function heapDiff(beforeFile: string, afterFile: string): HeapDiff {
  const before = parse(beforeFile);
  const old = new Set<number>();
  for (let i = 0; i < before.count; i++) old.add(before.id[i]!);
  const p = parse(afterFile);
  const idom = dominators(p);
  const objectType = p.types.indexOf('object');
  const closureType = p.types.indexOf('closure');
  const numbered = new Set(['element', 'hidden'].map((t) => p.edgeTypes.indexOf(t)));
  const edgeLabel = (j: number) =>
    numbered.has(p.edgeType[j]!) ? `[${p.edgeName[j]}]` : p.strings[p.edgeName[j]!]!;
  const edgeNamed = (n: number, name: string) => {
    for (let j = p.firstEdge[n]!; j < p.firstEdge[n + 1]!; j++) {
      if (edgeLabel(j) === name) return p.edgeTo[j]!;
    }
    return -1;
  };
  /** The name of an edge from `from` to `to`, or "?" when it is held by a path, not an edge. */
  const edgeBetween = (from: number, to: number) => {
    for (let j = p.firstEdge[from]!; j < p.firstEdge[from + 1]!; j++) {
      if (p.edgeTo[j] === to) return edgeLabel(j);
    }
    return '?';
  };
  /** A closure's script file (its last two path segments) and line, e.g. chat/chat.socket.ts:40. */
  const whereDefined = (n: number) => {
    const sfi = edgeNamed(n, 'shared');
    const script = sfi < 0 ? -1 : edgeNamed(sfi, 'script');
    const file = script < 0 ? -1 : edgeNamed(script, 'name');
    const path = file < 0 ? '' : p.strings[p.name[file]!]!;
    const line = p.location.get(n)?.split(':')[1] ?? '?';
    return `${path.split('/').slice(-2).join('/')}:${line}`;
  };
  const label = (n: number) => {
    const type = p.types[p.type[n]!]!;
    const name = p.strings[p.name[n]!]!;
    if (p.type[n] === closureType) return `closure ${name || '(anonymous)'} ${whereDefined(n)}`;
    if (type === 'string' || type === 'concatenated string' || type === 'sliced string')
      return 'strings';
    if (type === 'number') return 'heap numbers';
    return `${type} ${name.length > 60 ? name.slice(0, 60) + '...' : name}`;
  };
  // An owner: an object whose constructor is a named class (not Object, not a plain array).
  const plain = new Set([
    'Object',
    'Array',
    'Map',
    'Set',
    '(object properties)',
    'system / Context',
  ]);
  // Three libraries name a class Socket, two WebSocket: a property tells them apart.
  const which: [string, string, string][] = [
    ['Socket', 'nsp', 'socket.io Socket'],
    ['Socket', 'transport', 'engine.io Socket'],
    ['Socket', '_handle', 'net.Socket'],
    ['WebSocket', '_receiver', 'ws WebSocket'],
    ['WebSocket', '_doSend', 'engine.io WebSocket transport'],
  ];
  const ownerName = (d: number) => {
    const name = p.strings[p.name[d]!]!;
    for (const [cls, prop, label] of which)
      if (name === cls && edgeNamed(d, prop) >= 0) return label;
    return name;
  };
  /** The owner, and the owner with the first two property names on the way down from it. */
  const ownerOf = (n: number): [string, string] => {
    const chain: number[] = [];
    for (let d = n; d > 0 && chain.length < 64; d = idom[d]!) {
      if (p.type[d] === objectType && !plain.has(p.strings[p.name[d]!]!)) {
        const owner = ownerName(d);
        const [child, grandchild] = chain.slice(-2).reverse();
        let path = owner;
        if (child !== undefined) path += '.' + edgeBetween(d, child);
        if (child !== undefined && grandchild !== undefined) {
          path += '.' + edgeBetween(child, grandchild);
        }
        return [owner, path];
      }
      chain.push(d);
    }
    return ['(shared: no socket object above it)', `(shared) ${label(n)} under ${label(idom[n]!)}`];
  };
  const kinds = new Map<string, [number, number]>();
  const owners = new Map<string, [number, number]>();
  const fields = new Map<string, [number, number]>();
  let objects = 0;
  let bytes = 0;
  for (let n = 0; n < p.count; n++) {
    if (old.has(p.id[n]!) || idom[n]! < 0) continue;
    const size = p.size[n]!;
    objects++;
    bytes += size;
    const [owner, field] = ownerOf(n);
    for (const [map, key] of [
      [kinds, label(n)],
      [owners, owner],
      [fields, field],
    ] as const) {
      const v = map.get(key) ?? [0, 0];
      v[0] += size;
      v[1] += 1;
      map.set(key, v);
    }
  }
  const sorted = (m: Map<string, [number, number]>) =>
    [...m].map(([k, [b, c]]) => [k, b, c] as [string, number, number]).sort((a, b) => b[1] - a[1]);
  return {
    objects,
    bytes,
    byKind: sorted(kinds),
    byOwner: sorted(owners),
    byField: sorted(fields),
  };
}

/** Prints a diff per unit (`per` objects of interest, e.g. the sockets opened in between). */
export function printHeapDiff(diff: HeapDiff, per: number, top = 40): void {
  const row = ([k, b, c]: [string, number, number]) =>
    `${(b / per).toFixed(0).padStart(7)} B ${(c / per).toFixed(1).padStart(6)} obj  ${k}`;
  console.log(
    `heap diff: ${(diff.bytes / per).toFixed(0)} B and ${(diff.objects / per).toFixed(1)} objects per socket (self sizes, reachable only)`,
  );
  console.log('-- by owner (nearest named object above it in the dominator tree)');
  for (const r of diff.byOwner.slice(0, top)) console.log(row(r));
  console.log('-- by owner and the properties below it');
  for (const r of diff.byField.slice(0, top * 2)) console.log(row(r));
  console.log('-- by kind');
  for (const r of diff.byKind.slice(0, top)) console.log(row(r));
}
