import { describe, expect, it } from 'vitest';
import { compareVersions, findKnownBad, isAffected, productionTree } from './audit-deps.mjs';

describe('offline dependency audit', () => {
  it('orders versions numerically, a pre-release before its release', () => {
    expect(compareVersions('1.10.0', '1.9.9')).toBe(1);
    expect(compareVersions('7.5.2', '7.5.2')).toBe(0);
    expect(compareVersions('2.0.0-rc.1', '2.0.0')).toBe(-1);
    expect(compareVersions('0.1.9', '0.1.10')).toBe(-1);
  });

  it('applies ranges with the introduced version inclusive and the fixed one exclusive', () => {
    const ranges = [{ fixed: '5.7.2' }, { introduced: '7.0.0', fixed: '7.5.2' }];
    expect(isAffected('5.7.1', ranges)).toBe(true);
    expect(isAffected('5.7.2', ranges)).toBe(false);
    expect(isAffected('6.9.0', ranges)).toBe(false);
    expect(isAffected('7.0.0', ranges)).toBe(true);
    expect(isAffected('7.5.2', ranges)).toBe(false);
    expect(isAffected('1.0.0', [{ introduced: '0.5.0' }])).toBe(true);
  });

  it('lists production packages only, nested copies included, and flags a known-bad one', () => {
    const lock = {
      packages: {
        '': { name: 'hearth' },
        'node_modules/semver': { version: '7.5.1' },
        'node_modules/a/node_modules/semver': { version: '6.3.1' },
        'node_modules/vitest': { version: '4.1.12', dev: true },
        'node_modules/@scope/pkg': { version: '1.0.0' },
      },
    };
    const tree = productionTree(lock);
    expect(tree).toEqual(['@scope/pkg@1.0.0', 'semver@6.3.1', 'semver@7.5.1']);
    const advisories = [
      {
        id: 'CVE-2022-25883',
        package: 'semver',
        summary: 'ReDoS',
        ranges: [{ introduced: '7.0.0', fixed: '7.5.2' }],
      },
    ];
    expect(findKnownBad(tree, advisories)).toEqual(['semver@7.5.1: CVE-2022-25883 ReDoS']);
  });
});
