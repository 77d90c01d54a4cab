import fs from 'node:fs';
import path from 'node:path';
import {
  NodeAccessSchema,
  NodeIpAuthEntrySchema,
  NodeSettingsSchema,
  type NodeAccess,
  type NodeIpAuthEntry,
  type NodeSettings,
} from '@portal/contract';
import { z } from 'zod';

/** What a node knows, as it last heard it from the API. */
export interface KnownState {
  rentals: NodeAccess[];
  ipAuth: NodeIpAuthEntry[];
  settings: NodeSettings;
}

const StateFileSchema = z.object({
  rentals: z.array(NodeAccessSchema),
  ipAuth: z.array(NodeIpAuthEntrySchema),
  settings: NodeSettingsSchema,
});

/** Writes through a temporary file and a rename: a crash leaves the old file or the new one, never half. */
function writeAtomically(file: string, text: string): void {
  const temporary = `${file}.tmp`;
  const fd = fs.openSync(temporary, 'w', 0o600);
  fs.writeSync(fd, text);
  fs.fsyncSync(fd);
  fs.closeSync(fd);
  fs.renameSync(temporary, file);
}

/**
 * A node's last picture and the time of its last contact with the API, under DATA_DIR, so a node
 * restarted while the shop is unreachable serves on within its grace (counted from the last
 * contact, not from the restart). The file holds the served rentals' credentials: it is the
 * node's user's alone (0600), and it is deleted when the API revokes the node.
 */
export class NodeStateFiles {
  private readonly stateFile: string;
  private readonly contactFile: string;

  constructor(dir: string) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    this.stateFile = path.join(dir, 'state.json');
    this.contactFile = path.join(dir, 'contact');
  }

  /** The saved picture and its last contact (ms), or null when there is none that can be read. */
  load(): { state: KnownState; contactAt: number } | null {
    try {
      const contactAt = Date.parse(fs.readFileSync(this.contactFile, 'utf8').trim());
      const parsed = StateFileSchema.safeParse(JSON.parse(fs.readFileSync(this.stateFile, 'utf8')));
      if (!parsed.success || Number.isNaN(contactAt)) return null;
      return { state: parsed.data, contactAt };
    } catch {
      return null;
    }
  }

  saveState(state: KnownState): void {
    writeAtomically(this.stateFile, JSON.stringify(state));
  }

  saveContact(at: number): void {
    writeAtomically(this.contactFile, new Date(at).toISOString());
  }

  /** Revoked: nothing of what the API said stays on this server. */
  remove(): void {
    for (const file of [this.stateFile, this.contactFile]) fs.rmSync(file, { force: true });
  }
}
