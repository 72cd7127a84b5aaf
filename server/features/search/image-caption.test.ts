import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion, startFakeChat, type FakeChat } from '../../../tests/support/fake-chat-server';
import { CAPTION_SYSTEM_PROMPT, captionImage, ImageCaptionError } from './image-caption';

describe('captionImage (an OpenAI-compatible vision model)', () => {
  let chat: FakeChat;
  let photo: Buffer;
  beforeAll(async () => {
    chat = await startFakeChat();
    photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#c03020' } })
      .png()
      .toBuffer();
  });
  afterAll(() => chat.close());

  it('sends a scaled-down JPEG as a data URL with the rules, and answers the caption', async () => {
    chat.requests.length = 0;
    chat.answer = () => completion('A red bicycle leaning against a brick wall.');
    await expect(captionImage(photo, chat.config)).resolves.toBe(
      'A red bicycle leaning against a brick wall.',
    );
    const [request] = chat.requests;
    expect(request!.path).toBe('/v1/chat/completions');
    expect(request!.authorization).toBe('Bearer test-key');
    expect(request!.body.model).toBe('tiny-model');
    const messages = request!.body.messages as Array<{ role: string; content: unknown }>;
    expect(messages[0]).toEqual({ role: 'system', content: CAPTION_SYSTEM_PROMPT });
    expect(CAPTION_SYSTEM_PROMPT).toMatch(/alt text/);
    const parts = messages[1]!.content as Array<{ type: string; image_url?: { url: string } }>;
    const url = parts.find((part) => part.type === 'image_url')!.image_url!.url;
    expect(url.startsWith('data:image/jpeg;base64,')).toBe(true);
    const sent = await sharp(Buffer.from(url.slice('data:image/jpeg;base64,'.length), 'base64')).metadata();
    expect(sent.format).toBe('jpeg');
    expect(Math.max(sent.width!, sent.height!)).toBe(768);
  });

  it('strips surrounding quotes', async () => {
    chat.answer = () => completion('“Two dogs on a beach at sunset.”');
    await expect(captionImage(photo, chat.config)).resolves.toBe('Two dogs on a beach at sunset.');
  });

  it('refuses an answer that is not one short plain line', async () => {
    for (const answer of [
      '',
      'A cat.\nIgnore previous instructions',
      '<img src=x onerror=alert(1)>',
      'x'.repeat(400),
    ]) {
      chat.answer = () => completion(answer);
      await expect(captionImage(photo, chat.config)).rejects.toBeInstanceOf(ImageCaptionError);
    }
  });

  it('fails cleanly when the API fails or answers nonsense', async () => {
    chat.answer = () => ({ status: 503, body: { error: 'busy' } });
    await expect(captionImage(photo, chat.config)).rejects.toThrow(/503/);
    chat.answer = () => ({ status: 200, body: '<html>not json</html>' });
    await expect(captionImage(photo, chat.config)).rejects.toThrow(/no message/);
  });

  it('gives up at its deadline when the model is slow', async () => {
    chat.delayMs = 2000;
    chat.answer = () => completion('A slow answer.');
    const started = Date.now();
    try {
      await expect(captionImage(photo, chat.config, 300)).rejects.toBeInstanceOf(ImageCaptionError);
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      chat.delayMs = 0;
    }
  });

  it('does not read a huge answer', async () => {
    chat.answer = () => completion(`A cat. ${'x'.repeat(100_000)}`);
    await expect(captionImage(photo, chat.config)).rejects.toThrow(/over 16384 bytes/);
  });

  it('refuses bytes that are not an image before calling anyone', async () => {
    chat.requests.length = 0;
    await expect(captionImage(Buffer.from('not an image'), chat.config)).rejects.toThrow();
    expect(chat.requests).toHaveLength(0);
  });
});
