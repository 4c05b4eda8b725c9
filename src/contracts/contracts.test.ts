import { describe, expect, it } from 'vitest';
import { contentContracts, contracts } from '.';

describe.each(Object.values(contracts))('the $name contract', (contract) => {
  it('refuses a request with a key it does not know', () => {
    const result = contract.request.safeParse({ unexpected: true });

    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.code)).toContain('unrecognized_keys');
  });
});

it('a content script gets exactly the contracts that list it as a sender', () => {
  const forContent = Object.values(contracts).filter((contract) => contract.senders.includes('content'));

  expect(Object.values(contentContracts)).toEqual(forContent);
  for (const [name, contract] of Object.entries(contentContracts)) expect(contract.name).toBe(name);
});
