import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { filenameOf } from '../../lib/download';
import { attachToaster } from '../../lib/toast';
import { DownloadLink } from './DownloadLink';

/** What each click saved: the file's name and its text (the anchor the helper clicks, and the blob behind it). */
function recordSaves() {
  const blobs = new Map<string, Blob>();
  const saved: { name: string; blob: Blob }[] = [];
  let n = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${(n += 1)}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.getAttribute('href') ?? '');
    if (blob) saved.push({ name: this.download, blob });
  });
  return { saved, click };
}

const refusal = (status: number, code: string, message: string) =>
  new Response(JSON.stringify({ error: { code, message } }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

describe('DownloadLink', () => {
  const toasts: string[] = [];
  let detach: () => void;
  beforeEach(() => {
    detach = attachToaster(({ message }) => toasts.push(message));
    // What other files' components said before any toaster was there arrives on attaching: not this file's.
    toasts.length = 0;
  });
  afterEach(() => {
    detach();
    vi.restoreAllMocks();
  });

  it("saves the server's file under the server's name", async () => {
    const { saved } = recordSaves();
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('a,b\r\n1,2\r\n', {
        headers: { 'content-disposition': 'attachment; filename="township-trade-orders-2026-12.csv"' },
      }),
    );
    render(
      <DownloadLink href="/api/reports/7/download" filename="report.csv">
        Download
      </DownloadLink>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Download' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(fetch).toHaveBeenCalledWith('/api/reports/7/download', { credentials: 'same-origin' });
    expect(saved[0]!.name).toBe('township-trade-orders-2026-12.csv');
    expect(await saved[0]!.blob.text()).toBe('a,b\r\n1,2\r\n');
    expect(toasts).toEqual([]);
  });

  it('says why a refused download was refused, and saves nothing', async () => {
    const { saved } = recordSaves();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(refusal(429, 'rate_limited', 'Too many requests'));
    render(
      <DownloadLink href="/api/security/events/export" filename="events.csv">
        Export
      </DownloadLink>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Export' }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toMatch(/too many/i);
    expect(saved).toEqual([]);
  });

  it('says the connection is gone when there is no answer at all', async () => {
    const { saved } = recordSaves();
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    render(
      <DownloadLink href="/api/users/me/export?format=json" filename="data.json">
        My data
      </DownloadLink>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'My data' }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toMatch(/connection|offline|internet/i);
    expect(saved).toEqual([]);
  });

  it('asks once while a download is under way, and leaves a click for a new tab to the browser', async () => {
    recordSaves();
    let answer: (response: Response) => void = () => undefined;
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    render(
      <DownloadLink href="/api/bulk-upload/template?format=csv" filename="template.csv">
        Template
      </DownloadLink>,
    );
    const link = screen.getByRole('link', { name: 'Template' });
    await userEvent.click(link);
    await userEvent.click(link);
    expect(fetch).toHaveBeenCalledOnce();
    expect(link.getAttribute('data-downloading')).toBe('true');
    answer(new Response('x'));
    await waitFor(() => expect(link.getAttribute('data-downloading')).toBeNull());

    const ctrl = fireEvent.click(link, { ctrlKey: true });
    expect(ctrl).toBe(true);
    expect(fetch).toHaveBeenCalledOnce();
  });
});

describe('filenameOf', () => {
  it('reads the name from Content-Disposition, the UTF-8 form first', () => {
    expect(filenameOf('attachment; filename="a b.csv"')).toBe('a b.csv');
    expect(filenameOf('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(filenameOf(`attachment; filename="x.csv"; filename*=UTF-8''caf%C3%A9.csv`)).toBe('café.csv');
    expect(filenameOf('attachment; filename="quote \\"q\\".csv"')).toBe('quote "q".csv');
    expect(filenameOf(`attachment; filename*=UTF-8''%E0%A4%A`)).toBeUndefined();
    expect(filenameOf('attachment')).toBeUndefined();
    expect(filenameOf(null)).toBeUndefined();
  });
});
