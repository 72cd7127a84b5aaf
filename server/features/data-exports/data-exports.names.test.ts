import { describe, expect, it } from 'vitest';
import { createNamer, safeFileName } from './data-exports.names';
import { exportFileName } from './data-exports.presenter';

describe('names inside an export', () => {
  it('keeps a plain name as it is', () => {
    expect(safeFileName('Holiday photo.jpg')).toBe('Holiday photo.jpg');
  });

  it('drops folders, parent steps and leading dots, so nothing lands outside files/', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\Users\\ada\\notes.txt')).toBe('notes.txt');
    expect(safeFileName('/absolute/path.pdf')).toBe('path.pdf');
    expect(safeFileName('..')).toBe('file');
    expect(safeFileName('.hidden')).toBe('hidden');
    expect(safeFileName('')).toBe('file');
  });

  it('replaces control characters and characters desktops refuse', () => {
    expect(safeFileName('a\u0000b\u001fc<d>e:f"g|h?i*j.txt')).toBe('a_b_c_d_e_f_g_h_i_j.txt');
  });

  it('shortens long names but keeps the extension', () => {
    const name = safeFileName(`${'x'.repeat(300)}.jpeg`);
    expect(name).toHaveLength(120);
    expect(name.endsWith('.jpeg')).toBe(true);
  });

  it('numbers repeated names, whatever their case', () => {
    const name = createNamer();
    expect(['a.txt', 'A.TXT', 'a.txt', 'b', 'b'].map(name)).toEqual([
      'a.txt',
      'A (2).TXT',
      'a (3).txt',
      'b',
      'b (2)',
    ]);
  });

  it('names the download after the member and the day it was asked for', () => {
    expect(exportFileName('ada_l', new Date('2026-11-23T23:59:00Z'))).toBe(
      'hearth-export-ada_l-2026-11-23.zip',
    );
    expect(exportFileName('a"b\r\nc', new Date('2026-01-02T00:00:00Z'))).toBe(
      'hearth-export-a_b__c-2026-01-02.zip',
    );
  });
});
