// /my-rewards, only when the business has loyalty (account-and-session.md sections 2, 4, 5 and 8). Modes: enroll (a
// phone), verify (the texted code, with resend), display (the balance in the business's words, the rewards with
// their points, the coupons). It opens in display for a member, else in enroll; verifying makes the shopper a
// member. A reward is redeemed into the bag only when the balance reaches its points; otherwise the shopper sees
// how many more it takes.
import * as E from 'fp-ts/lib/Either.js';
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { CODE_CHECK_WAITS, CODE_SENT, SEND_CODE_WAITS } from '../../../domain/account/messages';
import { discountAddedMessage } from '../../../domain/discounts/unused';
import { heldDiscountName } from '../../../events/selectors/bag';
import { NO_REWARDS, points, REWARD_ADDED } from '../../../domain/discounts/messages';
import type { Reward } from '../../../domain/discounts/codecs';
import { rewardDiscount } from '../../../domain/discounts/codecs';
import { validateRewardsEnroll, validateRewardsVerify, type RewardsEnrollValues, type RewardsVerifyValues } from '../../../domain/forms/rewards';
import { formatPhone, maskPhoneInput } from '../../../domain/phone';
import { describeDiscount } from '../../../domain/pricing/describeDiscount';
import { TextField } from '../../forms/TextField';
import { CodeField } from '../../forms/CodeField';
import { useForm } from '../../forms/useForm';
import { useNetworkAction } from '../../hooks/useNetworkAction';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useStateSlice } from '../../hooks/useStateSlice';
import { useView } from '../../hooks/useView';
import { useCommands, useViews } from '../../runtime/RuntimeContext';
import { notify } from '../../shell/notify';
import { CouponList } from './CouponsPage';
import './loyalty.css';
import { FormFailure, FormWaiting } from '../../forms/FormFailure';

export function RewardsPage() {
  usePageTitle('My Rewards');
  return <Rewards />;
}

function Rewards() {
  const loyalty = useStateSlice((s) => s.account.loyalty);
  // The phone a code was sent to, while the shopper types it.
  const [verifying, setVerifying] = useState<string | null>(null);
  if (!loyalty.available) return <Navigate to="/my-account" replace />;
  return (
    <div className="container loyalty-page">
      <h1>My Rewards</h1>
      {loyalty.enrolled ? <Display /> : verifying !== null ? <Verify phone={verifying} onBack={() => setVerifying(null)} /> : <Enroll onSent={setVerifying} />}
    </div>
  );
}

function Enroll({ onSent }: { readonly onSent: (phone: string) => void }) {
  const commands = useCommands();
  const phone = useStateSlice((s) => s.account.profile?.phone ?? '');
  const form = useForm<RewardsEnrollValues>({
    initial: { phone: phone ? formatPhone(phone) : '' },
    validate: validateRewardsEnroll,
    normalize: (_field, value) => maskPhoneInput(value),
    submit: (values) => commands.enrollInLoyalty(values.phone),
    onSaved: (values) => onSent(values.phone),
    waitsForNetwork: SEND_CODE_WAITS,
  });
  return (
    <form {...form.formProps()} className="card loyalty-form" aria-label="Join rewards">
      <p>Join our rewards: earn points with every order and redeem them for treats. We will text you a code to confirm your phone.</p>
      <TextField label="Phone Number" type="tel" {...form.field('phone')} autoComplete="tel-national" inputMode="tel" required />
      <FormFailure failure={form.failure} />
      <FormWaiting words={form.waiting} />
      <div className="loyalty-actions">
        <button type="submit" className="btn btn-primary" disabled={form.saving} aria-busy={form.saving || undefined}>
          Join Rewards
        </button>
      </div>
    </form>
  );
}

function Verify({ phone, onBack }: { readonly phone: string; readonly onBack: () => void }) {
  const commands = useCommands();
  const form = useForm<RewardsVerifyValues>({
    initial: { code: '' },
    validate: validateRewardsVerify,
    normalize: (_field, value) => value.replace(/\s+/g, ''),
    submit: (values) => commands.verifyLoyalty(phone, values.code),
    waitsForNetwork: CODE_CHECK_WAITS,
  });
  const resend = useNetworkAction({
    waits: SEND_CODE_WAITS,
    run: async () => {
      const sent = await commands.resendLoyaltyCode(phone);
      if (E.isRight(sent)) notify.success(CODE_SENT);
      return sent;
    },
  });
  return (
    <form {...form.formProps()} className="card loyalty-form" aria-label="Confirm your phone">
      <p>
        We texted a code to <strong>{formatPhone(phone)}</strong>.
      </p>
      <CodeField form={form} />
      <FormFailure failure={form.failure} />
      <FormWaiting words={form.waiting} />
      <div className="loyalty-actions">
        <button type="submit" className="btn btn-primary" disabled={form.saving} aria-busy={form.saving || undefined}>
          Verify
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => resend.press()}>
          Resend code
        </button>
        <button type="button" className="btn btn-link" onClick={onBack}>
          Change Phone Number
        </button>
      </div>
    </form>
  );
}

function Display() {
  const commands = useCommands();
  const loyalty = useStateSlice((s) => s.account.loyalty);
  const applied = useStateSlice((s) => (s.bag.discount?.kind === 'reward' ? s.bag.discount.reward.Id : null));
  const held = useStateSlice(heldDiscountName);
  const location = useView(useViews().location);
  const currency = location?.currency ?? 'USD';
  const redeem = async (reward: Reward) => {
    const result = await commands.applyReward(reward, loyalty.balance);
    if (E.isLeft(result)) notify.error(result.left);
    // One discount per order: a reward that takes another's place says so.
    else notify.success(discountAddedMessage(reward.Name, held, REWARD_ADDED));
  };
  return (
    <>
      <p className="card loyalty-balance">
        Your balance: <strong>{points(loyalty.balance, loyalty.terminology)}</strong>
      </p>
      <h2 className="loyalty-section-title">Rewards</h2>
      {loyalty.rewards.length === 0 ? (
        <p className="card loyalty-card">{NO_REWARDS}</p>
      ) : (
        <ul className="loyalty-list">
          {loyalty.rewards.map((reward) => (
            <li key={reward.Id} className="card loyalty-card">
              <div>
                <h3>{reward.Name}</h3>
                <p className="muted">
                  {points(reward.Points, loyalty.terminology)}: {describeDiscount(rewardDiscount(reward), currency)}
                </p>
              </div>
              {applied === reward.Id ? (
                <p className="muted">In your bag</p>
              ) : (
                <button type="button" className="btn btn-primary" onClick={() => void redeem(reward)}>
                  Redeem<span className="visually-hidden"> {reward.Name}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <h2 className="loyalty-section-title">Coupons</h2>
      <CouponList coupons={loyalty.coupons} headingLevel={3} />
    </>
  );
}
