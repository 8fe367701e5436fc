import { ID_MAX_LENGTH } from '@dv/contracts';
import { IdParams } from './id-params';

describe('IdParams', () => {
  it('takes an id as the stores keep them', () => {
    expect(IdParams.parse({ id: 'office-demo-1' })).toEqual({ id: 'office-demo-1' });
    expect(IdParams.parse({ id: '0f8fad5b-d9cb-469f-a165-70867728950e' })).toEqual({ id: '0f8fad5b-d9cb-469f-a165-70867728950e' });
  });

  it("refuses what is no id with 'Not an id'", () => {
    for (const id of ['', 'a b', '..%2Fetc', 'a/b', 'x'.repeat(ID_MAX_LENGTH + 1)]) {
      const result = IdParams.safeParse({ id });
      expect({ id, issues: result.error?.issues.map((issue) => [issue.path, issue.message]) }).toEqual({
        id,
        issues: [[['id'], 'Not an id']],
      });
    }
  });
});
