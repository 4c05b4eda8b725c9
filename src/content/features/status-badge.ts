import type { MessageClient } from '../../platform/message-client';

/** Shows that Perch is on this page and whether its background answers. */
export async function showStatusBadge(root: ShadowRoot, client: MessageClient): Promise<void> {
  const badge = root.ownerDocument.createElement('div');
  badge.className = 'badge';
  badge.setAttribute('role', 'status');
  badge.textContent = 'Perch: connecting…';
  root.append(badge);
  try {
    const { version } = await client.send('ping', {});
    badge.textContent = `Perch ${version}: connected`;
  } catch {
    badge.textContent = 'Perch: not connected';
  }
}
