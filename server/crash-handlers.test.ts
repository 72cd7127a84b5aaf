import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { installCrashHandlers } from './crash-handlers';

describe('crash handlers', () => {
  function setup(stop = vi.fn(async () => {})) {
    const target = new EventEmitter();
    const logger = { fatal: vi.fn() };
    const exited = new Promise<number>((resolve) => {
      installCrashHandlers({
        logger,
        stop,
        target: target as unknown as NodeJS.Process,
        exit: resolve,
      });
    });
    return { target, logger, stop, exited };
  }

  it('logs an uncaught exception, stops the services, then exits 1', async () => {
    const { target, logger, stop, exited } = setup();
    const error = new Error('boom');
    target.emit('uncaughtException', error);
    expect(await exited).toBe(1);
    expect(logger.fatal).toHaveBeenCalledWith({ err: error }, 'uncaught exception: shutting down');
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('does the same for an unhandled rejection, and stops only once when a second crash follows', async () => {
    const { target, logger, stop, exited } = setup();
    target.emit('unhandledRejection', new Error('first'));
    target.emit('unhandledRejection', new Error('second'));
    expect(await exited).toBe(1);
    expect(logger.fatal).toHaveBeenCalledTimes(2);
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('still exits 1 when stopping fails', async () => {
    const { target, exited } = setup(vi.fn(async () => Promise.reject(new Error('stuck'))));
    target.emit('uncaughtException', new Error('boom'));
    expect(await exited).toBe(1);
  });
});
