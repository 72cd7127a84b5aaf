import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { installCrashHandlers, installShutdownHandlers } from './crash-handlers';

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

describe('shutdown on a signal', () => {
  function setup(stop: () => Promise<void>, stopping: () => string | null = () => null) {
    const target = new EventEmitter();
    const logger = { info: vi.fn(), error: vi.fn() };
    const exited = new Promise<number>((resolve) => {
      installShutdownHandlers({
        logger,
        stop,
        stopping,
        target: target as unknown as NodeJS.Process,
        exit: resolve,
        deadlineMs: 1000,
      });
    });
    return { target, logger, exited };
  }

  it('stops the services once and exits 0, however many signals arrive', async () => {
    const stop = vi.fn(async () => {});
    const { target, logger, exited } = setup(stop);
    target.emit('SIGTERM');
    target.emit('SIGINT');
    expect(await exited).toBe(0);
    expect(stop).toHaveBeenCalledTimes(1);
    expect(logger.info).toHaveBeenCalledWith('SIGTERM received, shutting down');
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('leaves with 1 when the stop never finishes, naming what it was waiting on', async () => {
    vi.useFakeTimers();
    try {
      const { target, logger, exited } = setup(
        () => new Promise<void>(() => {}),
        () => 'jobs',
      );
      target.emit('SIGTERM');
      await vi.advanceTimersByTimeAsync(1000);
      expect(await exited).toBe(1);
      expect(logger.error).toHaveBeenCalledWith(
        { waitingOn: 'jobs' },
        'the stop did not finish within 1 s: leaving anyway',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves with 1 when stopping fails, and logs why', async () => {
    const failure = new Error('the queue could not stop');
    const { target, logger, exited } = setup(async () => Promise.reject(failure));
    target.emit('SIGTERM');
    expect(await exited).toBe(1);
    expect(logger.error).toHaveBeenCalledWith({ err: failure }, 'stopping failed');
  });
});
