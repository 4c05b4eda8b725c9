import { ensureDevBuild } from './build';

export default function setup(): void {
  ensureDevBuild();
}
