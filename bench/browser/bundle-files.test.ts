import { expect, it } from 'vitest';
import { bundleFiles } from './bundle-files';

const BUILD: Record<string, string> = {
  'popup.html':
    '<script type="module" crossorigin src="/chunks/popup-1.js"></script><link rel="modulepreload" href="/chunks/shared-2.js"><link rel="stylesheet" href="/assets/theme-3.css">',
  'chunks/popup-1.js':
    'import{a as e}from"./shared-2.js";import{b}from"./ports-4.js";const l=()=>import("./lazy-5.js");const m=()=>import(`./app-6.js`);',
  'chunks/app-6.js': 'const d=["chunks/shared-2.js","assets/app-7.css"];export default 4;',
  'assets/app-7.css': 'main{}',
  'chunks/shared-2.js': 'export const a=1;',
  'chunks/ports-4.js': 'import{a}from"./shared-2.js";export const b=2;',
  'chunks/lazy-5.js': 'export default 3;',
  'assets/theme-3.css': 'body{}',
  'background.js': '(function(){})();',
};

it('follows an HTML entry through its scripts, styles and every chunk they import or preload, each once', () => {
  const read = (path: string) => {
    const text = BUILD[path];
    if (text === undefined) throw new Error(`no ${path}`);
    return text;
  };
  expect(bundleFiles('popup.html', read).sort()).toEqual([
    'assets/app-7.css',
    'assets/theme-3.css',
    'chunks/app-6.js',
    'chunks/lazy-5.js',
    'chunks/popup-1.js',
    'chunks/ports-4.js',
    'chunks/shared-2.js',
    'popup.html',
  ]);
  expect(bundleFiles('background.js', read)).toEqual(['background.js']);
});
