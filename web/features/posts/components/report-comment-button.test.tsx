import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers } from '@web/app/providers';
import { findDialog } from '@web/test/dialogs';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { testId } from '@web/test/ids';
import { ReportCommentButton } from './report-comment-button';

afterEach(cleanup);

describe('ReportCommentButton', () => {
  it('opens its dialog (loaded on demand), files the report with the reason, and then says so', async () => {
    const comment = testId('comment');
    const { calls } = mockFetch({
      [`POST /api/comments/${comment}/report`]: jsonResponse(
        {
          id: testId('report'),
          comment_id: comment,
          reason: 'Rude',
          status: 'open',
          created_at: new Date().toISOString(),
        },
        { status: 201 },
      ),
    });
    render(
      <Providers>
        <ReportCommentButton commentId={comment} />
      </Providers>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Report comment' }));
    const dialog = await findDialog({ name: 'Report this comment' });
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Rude');
    await user.click(within(dialog).getByRole('button', { name: 'Report comment' }));
    expect(await screen.findByRole('button', { name: 'Comment reported' })).toBeDisabled();
    expect(calls.find((call) => call.url.endsWith('/report'))?.body).toEqual({ report: { reason: 'Rude' } });
  });
});
