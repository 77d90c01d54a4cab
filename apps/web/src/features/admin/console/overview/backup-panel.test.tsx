import { screen, within } from '@testing-library/react';
import type { BackupRun, BackupStatus } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../../../../test/render-app';
import { consoleApi, overview, setupConsoleTests } from '../../../../../test/console';

setupConsoleTests();

function run(overrides: Partial<BackupRun> = {}): BackupRun {
  return {
    id: 7,
    startedAt: '2026-03-30T10:00:00.000Z',
    finishedAt: '2026-03-30T10:00:04.000Z',
    status: 'ok',
    file: 'portal-20260330T100000Z-7.backup',
    sizeBytes: 2_500_000,
    tables: 19,
    rows: 12_000,
    error: null,
    ...overrides,
  };
}

function status(overrides: Partial<BackupStatus> = {}): BackupStatus {
  return {
    success: true,
    enabled: true,
    everyHours: 0.5,
    keep: 14,
    nextDueAt: '2026-03-30T11:00:00.000Z',
    last: run(),
    lastSuccess: run(),
    recent: [run()],
    ...overrides,
  };
}

const panel = async () => (await screen.findByRole('heading', { name: 'Backups' })).closest('section') as HTMLElement;

describe('the backup panel of the overview', () => {
  it('shows the schedule, the last backup and its size', async () => {
    consoleApi({
      'GET /api/admin/overview': () => jsonResponse(200, overview()),
      'GET /api/admin/backups': () => jsonResponse(200, status()),
    });
    renderApp('/admin');
    const section = await panel();
    expect(await within(section).findByText('Every 0.5 h; the newest 14 are kept.')).toBeInTheDocument();
    expect(within(section).getByTestId('backup-last')).toHaveTextContent('2.5 MB · portal-20260330T100000Z-7.backup');
    expect(within(section).queryByRole('alert')).toBeNull();
  });

  it('gives a small backup its size in a unit that fits, not "0 MB"', async () => {
    const small = run({ sizeBytes: 14_878 });
    consoleApi({
      'GET /api/admin/overview': () => jsonResponse(200, overview()),
      'GET /api/admin/backups': () => jsonResponse(200, status({ last: small, lastSuccess: small, recent: [small] })),
    });
    renderApp('/admin');
    const section = await panel();
    expect(await within(section).findByTestId('backup-last')).toHaveTextContent(
      '14.9 kB · portal-20260330T100000Z-7.backup',
    );
  });

  it('shows a failure with its reason, and the last backup that worked', async () => {
    const failed = run({
      id: 8,
      status: 'failed',
      file: null,
      sizeBytes: null,
      error: 'ENOSPC: no space left on device',
    });
    consoleApi({
      'GET /api/admin/overview': () => jsonResponse(200, overview()),
      'GET /api/admin/backups': () => jsonResponse(200, status({ last: failed, recent: [failed, run()] })),
    });
    renderApp('/admin');
    const section = await panel();
    expect(await within(section).findByRole('alert')).toHaveTextContent(/failed: ENOSPC: no space left on device/);
    expect(within(section).getByTestId('backup-last')).toHaveTextContent('2.5 MB');
  });

  it('says how to turn scheduled backups on when they are off', async () => {
    consoleApi({
      'GET /api/admin/overview': () => jsonResponse(200, overview()),
      'GET /api/admin/backups': () =>
        jsonResponse(
          200,
          status({
            enabled: false,
            everyHours: null,
            keep: null,
            nextDueAt: null,
            last: null,
            lastSuccess: null,
            recent: [],
          }),
        ),
    });
    renderApp('/admin');
    expect(await screen.findByTestId('backups-off')).toHaveTextContent('Set BACKUP_DIR');
  });
});
