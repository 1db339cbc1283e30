// What the offline worker keeps from the start (src/worker/precache.ts): what the entry reaches, but what only the parts
// kept when seen reach (the console, the ZIP tables, the map).
import { describe, expect, it } from 'vitest';
import { precachedFiles, type BuiltFile } from '../../src/worker/precache';

const file = (fileName: string, more: Partial<BuiltFile> = {}): BuiltFile => ({
  fileName,
  isEntry: false,
  facade: null,
  imports: [],
  dynamicImports: [],
  css: [],
  ...more,
});

const BUILD = [
  file('index.js', { isEntry: true, imports: ['runtime.js'], dynamicImports: ['BagPage.js', 'console.js', 'zip.js'], css: ['index.css'] }),
  file('runtime.js'),
  file('BagPage.js', { facade: '/root/src/app/features/bag/BagPage.tsx', imports: ['order.js'], css: ['order.css'] }),
  file('order.js'),
  file('console.js', { facade: '/root/src/app/root/console.ts', dynamicImports: ['loadConsole.js'] }),
  file('loadConsole.js', { facade: '/root/src/app/root/loadConsole.tsx', imports: ['order.js', 'replay.js'] }),
  file('replay.js'),
  file('zip.js', { facade: '/root/src/data/zipCentroids.ts' }),
  file('orphan.js'),
];

describe("the offline worker's precache", () => {
  it('holds what the entry reaches, with its styles, but what only the parts kept when seen reach', () => {
    expect([...precachedFiles(BUILD, ['/src/app/root/console.ts', '/src/data/zipCentroids.ts'])].sort()).toEqual([
      'BagPage.js',
      'index.css',
      'index.js',
      'order.css',
      'order.js',
      'runtime.js',
    ]);
  });

  it('holds everything the entry reaches when no part waits to be seen', () => {
    expect(precachedFiles(BUILD, []).has('replay.js')).toBe(true);
    expect(precachedFiles(BUILD, []).has('orphan.js')).toBe(false);
  });
});
