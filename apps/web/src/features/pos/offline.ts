import { createStore, get, set, update } from 'idb-keyval';
import { receiptNumber, type PosSaleInput, type PosTransaction } from '@tt/domain';

/**
 * The till's device storage (IndexedDB): sales rung up without a network wait here until the server has
 * them, so a reload or a closed tab loses none. Each sale carries the id the device gave it
 * (client_sale_id); the server records a repeat once, so sending one twice is harmless.
 */
const store = createStore('tt-pos', 'till');
const QUEUE_KEY = 'queue';
const DEVICE_KEY = 'device';

export interface QueuedSale {
  request: PosSaleInput;
  /** The receipt as printed on the device. */
  receipt: PosTransaction;
  /** The server refused it (not a network failure): kept, shown, and sent again only on request. */
  error?: string;
}

interface Device {
  prefix: string;
  next: number;
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newPrefix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(4));
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

/** The next receipt number of this device: its own prefix and a running number (K7QD-0042). */
export async function nextReceiptNumber(): Promise<string> {
  let number = '';
  await update<Device>(
    DEVICE_KEY,
    (device) => {
      const current = device ?? { prefix: newPrefix(), next: 1 };
      number = receiptNumber(current.prefix, current.next);
      return { ...current, next: current.next + 1 };
    },
    store,
  );
  return number;
}

export async function queuedSales(): Promise<QueuedSale[]> {
  return (await get<QueuedSale[]>(QUEUE_KEY, store)) ?? [];
}

export async function enqueue(sale: QueuedSale): Promise<void> {
  await update<QueuedSale[]>(QUEUE_KEY, (queue = []) => [...queue, sale], store);
}

async function settle(clientSaleId: string, error?: string): Promise<void> {
  await update<QueuedSale[]>(
    QUEUE_KEY,
    (queue = []) =>
      error === undefined
        ? queue.filter((s) => s.request.client_sale_id !== clientSaleId)
        : queue.map((s) => (s.request.client_sale_id === clientSaleId ? { ...s, error } : s)),
    store,
  );
}

/** Clears the refusal of queued sales so the next sync sends them again. */
export async function retryRefused(): Promise<void> {
  const queue = await queuedSales();
  await set(
    QUEUE_KEY,
    queue.map(({ error: _error, ...sale }) => sale),
    store,
  );
}

export type SendResult = 'sent' | 'offline' | { refused: string };

let running: Promise<number> | null = null;

/**
 * Sends the waiting sales one by one, oldest first; stops at the first network failure. One run at a
 * time on this page (a second call joins the first). Answers how many reached the server.
 */
export function syncQueue(send: (request: PosSaleInput) => Promise<SendResult>): Promise<number> {
  running ??= (async () => {
    let sent = 0;
    try {
      for (const sale of await queuedSales()) {
        if (sale.error !== undefined) continue;
        const result = await send(sale.request);
        if (result === 'offline') break;
        await settle(sale.request.client_sale_id, result === 'sent' ? undefined : result.refused);
        if (result === 'sent') sent += 1;
      }
    } finally {
      running = null;
    }
    return sent;
  })();
  return running;
}
