/** @jsxRuntime automatic */
import type { MetroStation, OrderDelivery } from '@partera/server';
import { TextField } from '../TextField.js';

/** An order's courier delivery as the orders page shows it (deliveriesOf of the server). */
export interface DeliveryView {
  delivery: OrderDelivery | null;
  /** The order takes a delivery change: the buyer's, awaiting payment or paid, not yet started. */
  open: boolean;
  /** The metro stations of the order's city, by name. */
  stations: MetroStation[];
}

function Ordered({ orderId, delivery, open }: { orderId: number; delivery: OrderDelivery; open: boolean }) {
  const name = [delivery.surname, delivery.firstname, delivery.patronymic].join(' ');
  return (
    <div className="order-delivery__done" data-delivery-ordered={orderId}>
      <p>
        <b>Доставка курьером:</b> {name}, м. {delivery.metroName}, {delivery.address}, +{delivery.phone}
      </p>
      {open ? (
        <button type="button" className="button button--outline button--small" data-delivery-remove={orderId}>
          Отменить доставку
        </button>
      ) : null}
    </div>
  );
}

/**
 * The order's delivery form (site-browsing-account.md 2.15 'Order delivery form'): one per order,
 * to add courier delivery (surname, first name, patronymic, metro, address, phone) or remove it.
 * The client (lib/cabinet/delivery.ts) checks the fields in the first variant's order, marks the
 * failing one, and posts to /private/addDelivery or /private/delDelivery.
 */
export function DeliveryForm({ orderId, view }: { orderId: number; view: DeliveryView | undefined }) {
  if (!view) return null;
  if (view.delivery) {
    return (
      <section className="order-delivery" aria-label="Доставка">
        <Ordered orderId={orderId} delivery={view.delivery} open={view.open} />
        <p className="form-error" data-form-error role="alert" hidden />
      </section>
    );
  }
  if (!view.open || view.stations.length === 0) return null;
  const id = (field: string) => `delivery-${orderId}-${field}`;
  return (
    <details className="order-delivery">
      <summary className="order-delivery__summary">Оформить доставку курьером</summary>
      <form className="order-delivery__form" data-delivery-form={orderId} noValidate>
        <input type="hidden" name="delivery[order]" value={orderId} />
        <div className="order-delivery__fields">
          <TextField
            id={id('surname')}
            name="delivery[name]"
            field="surname"
            label="Фамилия"
            autoComplete="family-name"
            maxLength={100}
          />
          <TextField
            id={id('firstname')}
            name="delivery[firstname]"
            field="firstname"
            label="Имя"
            autoComplete="given-name"
            maxLength={100}
          />
          <TextField
            id={id('patronymic')}
            name="delivery[patronymic]"
            field="patronymic"
            label="Отчество"
            autoComplete="additional-name"
            maxLength={100}
          />
          <div className="field" data-field="metro">
            <label className="field__label" htmlFor={id('metro')}>
              Станция метро
            </label>
            <select id={id('metro')} className="field__input" name="delivery[metro]" defaultValue="" required>
              <option value="">Выберите станцию</option>
              {view.stations.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
          <TextField
            id={id('address')}
            name="delivery[address]"
            field="address"
            label="Адрес"
            autoComplete="street-address"
            maxLength={500}
          />
          <TextField
            id={id('phone')}
            name="delivery[phone]"
            field="phone"
            label="Телефон"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={30}
          />
        </div>
        <p className="form-error" data-form-error role="alert" hidden />
        <button className="button" type="submit">
          Оформить доставку
        </button>
      </form>
    </details>
  );
}
