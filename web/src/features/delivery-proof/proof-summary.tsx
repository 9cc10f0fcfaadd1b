import Box from '@cloudscape-design/components/box';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { BookingView } from '../../../../shared/src/contract';
import { SentenceStatus } from '../../components/sentence-status';

type Proof = NonNullable<BookingView['deliveryProof']>;

/** What the drop recorded, in a line: delivered with the code, left with someone, or failed and returning. */
export function ProofSummary({ proof, t }: { proof: Proof; t: TFunction }) {
  if (proof.outcome === 'delivered') {
    return <SentenceStatus type="success" testId="pod-summary">{proof.method === 'code' ? t('pod_delivered_code') : t('pod_delivered_left_with', { name: proof.receivedBy ?? '' })}</SentenceStatus>;
  }
  const reason = t(`pod_reason_${proof.reason ?? 'recipient_absent'}`);
  return <SentenceStatus type={proof.returnedAt ? 'stopped' : 'warning'} testId="pod-summary">{t(proof.returnedAt ? 'pod_failed_returned' : 'pod_failed_returning', { reason })}</SentenceStatus>;
}

/**
 * The proof as label and value pairs (the trip view, the booking detail): the outcome, and a
 * failed delivery's return fare as its own line.
 */
export function proofPairs(t: TFunction, money: (n: number) => string, b: BookingView): [string, ReactNode][] {
  const proof = b.deliveryProof;
  if (!proof) return [];
  return [
    [t('pod_title'), <ProofSummary key="pod" proof={proof} t={t} />],
    ...(proof.returnLeg ? [[t('pod_return_fare'), <span key="fare" data-testid="pod-return-fare">{money(proof.returnLeg.trip_cost)}</span>] as [string, ReactNode]] : []),
  ];
}

/** The sender's delivery code while the parcel is on its way (their own trip view only: the server shows it to nobody else). */
export function senderCodePair(t: TFunction, b: BookingView): [string, ReactNode][] {
  if (!b.deliveryCode || b.deliveryProof || !['NEW', 'ACCEPTED', 'ARRIVED', 'STARTED', 'REACHED'].includes(b.status)) return [];
  return [[t('pod_sender_code'), <span key="code" data-testid="pod-sender-code"><Box variant="h2" padding="n">{b.deliveryCode}</Box><Box variant="small">{t('pod_sender_code_hint')}</Box></span>]];
}
