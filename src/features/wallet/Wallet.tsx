import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { WalletTransaction } from '../../../contract/api/wallet.ts';
import { formatNumber, formatPrice, type MoneyFormat } from '../../core/i18n/money.ts';
import { $locale } from '../../core/i18n/locale.ts';
import { MESSAGES, say } from '../../core/i18n/messages.ts';
import { formatOrderDate } from '../../core/orders/orders.ts';
import { emitHostEvent } from '../../core/platform/host-events.ts';
import { $isSignedIn, $user } from '../../core/session/session-state.ts';
import { $moneyFormat, $settings } from '../../core/settings/settings.ts';
import {
  $wallet, confirmRecharge, loadMoreWallet, loadWallet, minorDigits, parseAmount, rechargeError, resetWallet, returningRecharge, startRecharge,
  transactionLabel, type RechargeResult,
} from '../../core/wallet/wallet.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, INPUT_CLASS } from '../../ui/Field.tsx';
import { useHeadingTags } from '../../ui/headings.tsx';
import { followLink } from '../../ui/links.ts';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { ListSkeleton, Skeleton } from '../../ui/Skeleton.tsx';
import { SignInPrompt } from '../../ui/SignInPrompt.tsx';

export interface WalletProps {
  host: HTMLElement;
  /** Link of an order named in the history; `{id}` is the order id. Default `/order-details/{id}`. */
  orderHref?: string | undefined;
  /** Where the payment page comes back to. Default this page (without the last return's parameters). */
  returnUrl?: string | undefined;
  /** Move the focus to the amount when shown (the full page's wallet-payment route). */
  focusRecharge?: boolean;
}

/** The page's address without the parameters a payment page's return adds. */
function pageWithoutReturn(): string {
  const url = new URL(location.href);
  url.searchParams.delete('recharge');
  url.searchParams.delete('payment');
  return url.toString();
}

/**
 * The signed-in customer's wallet: the balance, Add money (one-tap amounts and any amount, then the
 * vendor's payment page and back), and the history of credits and debits, newest first.
 */
export function Wallet({ host, orderHref = '/order-details/{id}', returnUrl, focusRecharge = false }: WalletProps) {
  const signedIn = useStore($isSignedIn);
  const userId = useStore($user)?.user_id;
  const settings = useStore($settings);
  const [result, setResult] = useState<RechargeResult | undefined>(undefined);

  useEffect(() => {
    if (!signedIn) {
      resetWallet();
      return;
    }
    const returning = returningRecharge(location.search);
    if (!returning) {
      void loadWallet();
      return;
    }
    // Back from the payment page: the outcome once, then the address without it (a reload asks nothing again).
    history.replaceState(history.state, '', pageWithoutReturn());
    void confirmRecharge(returning).then((outcome) => {
      setResult(outcome);
      if (outcome.status === 'paid') emitHostEvent('sf-wallet-recharged', { amount: outcome.amount }, host);
    });
  }, [signedIn, userId, host]);

  if (!signedIn) {
    return (
      <SignInPrompt host={host} reason="wallet">
        <Trans>Sign in to see your wallet.</Trans>
      </SignInPrompt>
    );
  }
  if (settings && settings.client_wallet_status !== 'active') {
    return <p part="unavailable" className="m-0 text-muted"><Trans>The wallet is not available for this store.</Trans></p>;
  }
  return (
    <section part="wallet" className="flex flex-col gap-6">
      <Balance result={result} />
      <RechargeForm returnUrl={returnUrl} focus={focusRecharge} />
      <History orderHref={orderHref} />
    </section>
  );
}

function ResultNotice({ result, money }: { result: RechargeResult; money: MoneyFormat }) {
  switch (result.status) {
    case 'paid': return <Trans>{formatPrice(result.amount, money)} was added to your wallet.</Trans>;
    case 'failed': return <Trans>The payment failed. Nothing was added to your wallet.</Trans>;
    case 'cancelled': return <Trans>The recharge was cancelled. Nothing was added to your wallet.</Trans>;
    case 'pending': return <Trans>Your payment is being confirmed. The balance below shows it once it is.</Trans>;
    default: return <>{say(MESSAGES.somethingWentWrongTryAgain)}</>;
  }
}

function Balance({ result }: { result: RechargeResult | undefined }) {
  const state = useStore($wallet);
  const money = useStore($moneyFormat);
  const Heading = useHeadingTags().section;
  return (
    <div part="balance-card" className="flex flex-col gap-2 rounded-sf border border-black/10 bg-black/5 p-4">
      <Heading className="m-0 text-base font-medium"><Trans>Wallet balance</Trans></Heading>
      {state.status === 'ready'
        ? <p part="balance" className="m-0 text-3xl font-bold">{formatPrice(state.balance, money)}</p>
        : state.status === 'failed' ? <LoadFailed onRetry={() => void loadWallet()} /> : <Skeleton className="h-9 w-40" />}
      {/* Polite: the outcome of the last recharge, said once when it is known. */}
      <p role="status" part="recharge-result" className={`m-0 ${result ? '' : 'sr-only'}`}>
        {result && <ResultNotice result={result} money={money} />}
      </p>
    </div>
  );
}

function RechargeForm({ returnUrl, focus }: { returnUrl: string | undefined; focus: boolean }) {
  const { t } = useLingui();
  const state = useStore($wallet);
  const money = useStore($moneyFormat);
  const locale = useStore($locale);
  const settings = useStore($settings);
  const Heading = useHeadingTags().section;
  const ids = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const providers = state.status === 'ready' ? state.providers : [];
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const provider = providers.find((offered) => offered.name === chosen) ?? providers[0];
  const terms = settings?.wallet_recharge ?? { minimum: 1, limit: 1000, amounts: [] };
  const digits = minorDigits(settings?.currency_code ?? 'USD');
  const amount = parseAmount(text);
  const balance = state.status === 'ready' ? state.balance : 0;

  useEffect(() => {
    if (focus) input.current?.focus();
  }, [focus]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refused = rechargeError(amount, balance, terms, money, digits);
    setError(refused);
    if (refused) {
      input.current?.focus();
      return;
    }
    setBusy(true);
    void startRecharge(amount, returnUrl ?? pageWithoutReturn(), provider?.name).then((started) => {
      if (started.kind === 'redirect') {
        location.assign(started.url);
        return;
      }
      setBusy(false);
      setError(started.message);
      input.current?.focus();
    });
  };

  const plain = (value: number) => formatNumber(value, 'en', 0, digits).replace(/,/g, '');
  return (
    <form part="recharge-form" aria-labelledby={`${ids}-title`} noValidate onSubmit={submit} className="flex flex-col gap-3">
      <Heading id={`${ids}-title`} className="m-0 text-lg font-semibold"><Trans>Add money</Trans></Heading>
      {terms.amounts.length > 0 && (
        <fieldset part="amounts" className="m-0 flex flex-wrap gap-2 border-0 p-0">
          <legend className="mb-2 p-0 text-sm font-medium"><Trans>Choose an amount</Trans></legend>
          {terms.amounts.map((choice) => {
            const checked = Number.isFinite(amount) && Math.abs(amount - choice) < 1e-9;
            return (
              <label
                key={choice}
                part={`amount${checked ? ' amount-selected' : ''}`}
                className={`inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-sf border-2 bg-white px-4 font-medium focus-within:ring-2 focus-within:ring-primary ${checked ? 'border-primary' : 'border-black/20'}`}
              >
                <input
                  type="radio" name={`${ids}-amount`} className="sr-only" checked={checked}
                  onChange={() => {
                    setText(plain(choice));
                    setError(undefined);
                  }}
                />
                {formatPrice(choice, money)}
              </label>
            );
          })}
        </fieldset>
      )}
      <Field
        id={`${ids}-amount`}
        label={<Trans>Amount ({settings?.currency_code ?? ''})</Trans>}
        hint={<Trans>From {formatPrice(terms.minimum, money)}; your wallet can hold up to {formatPrice(terms.limit, money)}.</Trans>}
        error={error}
      >
        <input
          ref={input} id={`${ids}-amount`} part="amount-input" className={INPUT_CLASS} inputMode="decimal" autoComplete="off" maxLength={12}
          value={text} lang={locale}
          aria-invalid={error ? true : undefined} aria-describedby={error ? `${ids}-amount-error` : `${ids}-amount-hint`}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(undefined);
          }}
        />
      </Field>
      {providers.length > 1 && (
        <fieldset part="providers" className="m-0 flex flex-wrap gap-2 border-0 p-0">
          <legend className="mb-2 p-0 text-sm font-medium"><Trans>Pay with</Trans></legend>
          {providers.map((offered) => {
            const checked = offered.name === provider?.name;
            return (
              <label
                key={offered.name}
                part={`provider${checked ? ' provider-selected' : ''}`}
                className={`inline-flex min-h-11 cursor-pointer items-center justify-center rounded-sf border-2 bg-white px-4 font-medium focus-within:ring-2 focus-within:ring-primary ${checked ? 'border-primary' : 'border-black/20'}`}
              >
                <input type="radio" name={`${ids}-provider`} value={offered.name} className="sr-only" checked={checked} onChange={() => setChosen(offered.name)} />
                <bdi>{offered.title}</bdi>
              </label>
            );
          })}
        </fieldset>
      )}
      {state.status === 'ready' && providers.length === 0 && (
        <p part="no-providers" className="m-0 text-muted"><Trans>Online payment is not available for this store</Trans></p>
      )}
      <div>
        <Button type="submit" part="recharge" disabled={busy || (state.status === 'ready' && providers.length === 0)} aria-busy={busy || undefined}>
          {Number.isFinite(amount) && amount > 0 ? t`Add ${formatPrice(amount, money)}` : t`Add money`}
        </Button>
      </div>
    </form>
  );
}

function HistoryLine({ line, money, locale, orderHref }: { line: WalletTransaction; money: MoneyFormat; locale: string; orderHref: string }) {
  const credit = line.amount >= 0;
  const href = line.order_id === null ? undefined : orderHref.replace('{id}', String(line.order_id));
  return (
    <li part="transaction" className="flex items-start justify-between gap-3 border-b border-black/10 py-3">
      <div className="flex min-w-0 flex-col gap-0.5">
        <span part="transaction-kind" className="font-medium">{transactionLabel(line.kind)}</span>
        <span className="text-sm text-muted">
          <time dateTime={line.created_at}>{formatOrderDate(line.created_at, locale)}</time>
          {href && (
            <>
              {' · '}
              <a href={href} onClick={(event) => followLink(event, href)} part="transaction-order" className="text-primary underline">
                <Trans>Order #{line.order_id}</Trans>
              </a>
            </>
          )}
        </span>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-0.5">
        {/* The sign is part of the amount's text (and isolated, so it stays on the right side in Arabic). */}
        <bdi part={`transaction-amount ${credit ? 'credit' : 'debit'}`} className={`font-semibold ${credit ? 'text-green-800' : 'text-ink'}`}>
          {credit ? '+' : '−'}{formatPrice(Math.abs(line.amount), money)}
        </bdi>
        <span className="text-sm text-muted"><Trans>Balance {formatPrice(line.balance_after, money)}</Trans></span>
      </div>
    </li>
  );
}

function History({ orderHref }: { orderHref: string }) {
  const state = useStore($wallet);
  const money = useStore($moneyFormat);
  const locale = useStore($locale);
  const Heading = useHeadingTags().section;
  const ids = useId();
  return (
    <section part="history" aria-labelledby={`${ids}-history`} className="flex flex-col gap-2">
      <Heading id={`${ids}-history`} className="m-0 text-lg font-semibold"><Trans>History</Trans></Heading>
      {state.status === 'failed' && <LoadFailed onRetry={() => void loadWallet()} />}
      {(state.status === 'loading' || state.status === 'idle') && <ListSkeleton rows={3} rowClassName="h-14" />}
      {state.status === 'ready' && state.transactions.length === 0 && (
        <p part="empty" className="m-0 py-4 text-muted"><Trans>No wallet activity yet.</Trans></p>
      )}
      {state.status === 'ready' && state.transactions.length > 0 && (
        <>
          <ul part="transactions" className="m-0 list-none p-0">
            {state.transactions.map((line) => <HistoryLine key={line.id} line={line} money={money} locale={locale} orderHref={orderHref} />)}
          </ul>
          {state.moreFailed && <LoadFailed onRetry={() => void loadMoreWallet()} />}
          {state.hasMore && !state.moreFailed && (
            <div className="flex justify-center">
              <Button variant="ghost" part="more-transactions" disabled={state.loadingMore} onClick={() => void loadMoreWallet()}>
                <Trans>Show more</Trans>
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
