import { ensureFirefoxDevBuild } from '../../scripts/dev-build';

export default function setup(): void {
  ensureFirefoxDevBuild();
}
