/** One way a secret could be written down: as typed, or encoded. */
export interface SecretForm {
  readonly form: string;
  readonly text: string;
}

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/**
 * The core of the secret's base64 at each of the three byte alignments: inside a longer base64 text the
 * secret starts at any offset, so its encoding's first and last characters depend on its neighbours.
 */
function base64Cores(secret: string): string[] {
  return [0, 1, 2].map((offset) => {
    const encoded = base64('x'.repeat(offset) + secret).replace(/=+$/, '');
    const skip = offset === 0 ? 0 : Math.ceil((offset * 4) / 3);
    return encoded.slice(skip, encoded.length - 2);
  });
}

/** Every form of `secret` the audit looks for: clear, URI-encoded, hex and base64 (standard and URL-safe). */
export function secretForms(secret: string): SecretForm[] {
  const hex = Buffer.from(secret, 'utf8').toString('hex');
  const forms: SecretForm[] = [
    { form: 'clear', text: secret },
    { form: 'URI-encoded', text: encodeURIComponent(secret) },
    { form: 'form-encoded', text: encodeURIComponent(secret).replace(/%20/g, '+') },
    { form: 'JSON-escaped', text: JSON.stringify(secret).slice(1, -1) },
    { form: 'hex', text: hex },
    { form: 'HEX', text: hex.toUpperCase() },
  ];
  for (const core of base64Cores(secret)) {
    forms.push({ form: 'base64', text: core });
    forms.push({ form: 'base64url', text: core.replace(/\+/g, '-').replace(/\//g, '_') });
  }
  return forms;
}

/** Where, in `haystacks` (name → text), any form of any secret appears; empty when none does. */
export function findSecrets(secrets: readonly string[], haystacks: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [index, secret] of secrets.entries())
    for (const { form, text } of secretForms(secret))
      for (const [where, haystack] of Object.entries(haystacks))
        if (haystack.includes(text)) found.push(`secret #${index + 1} (${form}) in ${where}`);
  return found;
}
