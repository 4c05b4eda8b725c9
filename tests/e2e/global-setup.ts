import { ensureDevBuild } from '../../scripts/dev-build';

export default function setup(): void {
  ensureDevBuild();
}
