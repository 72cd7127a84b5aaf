import { describe, expect, it } from 'vitest';
import { detectFileType, isPlainText } from './files.detect';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('detectFileType', () => {
  it('knows allowed types by their magic bytes', async () => {
    expect(await detectFileType(bytes('%PDF-1.7\n%%EOF'))).toEqual({
      mime: 'application/pdf',
      ext: 'pdf',
      isImage: false,
    });
    expect(
      await detectFileType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0])),
    ).toMatchObject({
      mime: 'image/jpeg',
      isImage: true,
    });
  });

  it('takes valid UTF-8 without NUL as plain text', async () => {
    expect(await detectFileType(bytes('Grüße, 你好\n\tcolumns\r\n\f'))).toEqual({
      mime: 'text/plain; charset=utf-8',
      ext: 'txt',
      isImage: false,
    });
  });

  it('refuses markup, binary junk and known but unwanted types', async () => {
    for (const refused of [
      bytes('<!DOCTYPE html><p>hi'),
      bytes('\uFEFF  <html>'),
      bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      bytes('<?xml version="1.0"?><a/>'),
      bytes('Looks like text\n<script>alert(1)</script>'),
      Buffer.from([0x4d, 0x5a, 0x90, 0x00]), // a Windows executable
      Buffer.from([0xc3, 0x28]), // invalid UTF-8
      bytes('a\u0000b'),
      Buffer.alloc(64, 0x07), // bell characters: valid UTF-8, but binary
      bytes('text with an escape \u001b[31m'),
      Buffer.alloc(0),
    ]) {
      expect(await detectFileType(refused), refused.toString('hex').slice(0, 20)).toBeNull();
    }
  });

  it('reads "a < b" as text', () => {
    expect(isPlainText(bytes('if a < b then c'))).toBe(true);
  });
});
