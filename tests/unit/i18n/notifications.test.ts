import { describe, expect, it } from 'vitest';
import { localizedNotification, notificationLanguage } from '../../../shared/src/i18n/localized-notification';
import { money, NOTIFICATIONS, renderNotification, term, TERMS, type NotificationKind } from '../../../shared/src/i18n/notifications';
import { NOTIFICATIONS_ES, TERMS_ES } from '../../../shared/src/i18n/notifications-es';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the platform\'s messages in every language it writes', () => {
  it('has each message in Spanish with the same placeholders as in English', () => {
    for (const kind of Object.keys(NOTIFICATIONS) as NotificationKind[]) {
      expect(placeholders(NOTIFICATIONS_ES[kind].title), `${kind} title`).toEqual(placeholders(NOTIFICATIONS[kind].title));
      expect(placeholders(NOTIFICATIONS_ES[kind].body), `${kind} body`).toEqual(placeholders(NOTIFICATIONS[kind].body));
    }
    for (const key of Object.keys(TERMS) as (keyof typeof TERMS)[]) {
      expect(placeholders(TERMS_ES[key]), key).toEqual(placeholders(TERMS[key]));
    }
  });

  it('writes the English text as before, naming coded values in words', () => {
    const cancelled = renderNotification('trip_cancelled', { id: 'BK1', reason: 'Changed my mind', by: term('party_rider'), fee: term('cancel_fee', { amount: money(500, '$') }) });
    expect(cancelled.body).toBe('Booking BK1 was cancelled by the rider: Changed my mind A cancellation fee of $5.00 applies.');
    expect(renderNotification('booking_paid', { id: 'BK1', fare: money(660, '$'), mode: term('pay_cash') }).body).toBe('Booking BK1 is paid: $6.60 (cash).');
    expect(renderNotification('document_expiring', { document: term('doc_licence'), days: 14, date: '2027-01-01' }).title).toBe('Your driving licence expires in 14 days');
    // The values travel with the text, so a reader can word it again.
    expect(cancelled.values.by).toEqual({ term: 'party_rider' });
  });

  it('words a message again in the reader\'s language from its kind and values', () => {
    const values = renderNotification('parcel_delivered', { id: 'BK1', drop: 'Oslo', how: term('delivered_left_with', { name: 'Kari' }) }).values;
    expect(localizedNotification('parcel_delivered', values, 'es')).toEqual({ title: 'Paquete entregado', body: 'La reserva BK1 se entregó en Oslo, dejado con Kari.' });
    expect(localizedNotification('parcel_delivered', values, 'es-MX')?.title).toBe('Paquete entregado');
    expect(localizedNotification('driver_offline_documents', { document: term('doc_insurance'), problem: term('doc_expired') }, 'es')?.body)
      .toBe('Te desconectamos: tu seguro está vencido. Súbelo en tu perfil; podrás conectarte cuando esté verificado.');
    // Money is written as the reader's language writes numbers.
    const paid = renderNotification('booking_paid', { id: 'BK1', fare: money(123456, '$'), mode: term('pay_card') }).values;
    expect(localizedNotification('booking_paid', paid, 'es')?.body).toBe('La reserva BK1 está pagada: $1234,56 (tarjeta).');
    expect(localizedNotification('booking_paid', paid, 'en')?.body).toBe('Booking BK1 is paid: $1,234.56 (card).');
    // A language the platform does not write reads English; a kind it does not know, or no values, is left as written.
    expect(localizedNotification('parcel_delivered', values, 'pt')?.body).toBe('Booking BK1 was delivered at Oslo, left with Kari.');
    expect(notificationLanguage(undefined)).toBe('en');
    expect(localizedNotification('something_else', values, 'es')).toBeUndefined();
    expect(localizedNotification('parcel_delivered', undefined, 'es')).toBeUndefined();
  });
});
