export const basketCss = `
.pt-basket { display: flex; flex-direction: column; gap: 16px; }
.pt-basket__title { font-size: 24px; margin: 0; }
.pt-basket__hold { margin: 0; padding: 10px 14px; background: #fff4e5; border-radius: var(--pt-radius); }
.pt-basket__timer { font-weight: 700; font-variant-numeric: tabular-nums; }
.pt-basket__performance { border: 1px solid var(--pt-line); border-radius: var(--pt-radius); padding: 16px; }
.pt-basket__performance-head p { margin: 2px 0; color: #555; }
.pt-basket__show { font-size: 18px; margin: 0 0 4px; }
.pt-basket__show .pt-link { color: inherit; text-decoration: none; }
.pt-basket__tickets { list-style: none; margin: 12px 0 0; padding: 0; }
.pt-ticket { display: grid; grid-template-columns: 1fr auto 44px; align-items: center; gap: 12px; padding: 10px 0; border-top: 1px solid var(--pt-line); }
.pt-ticket--set { background: #fff4e5; box-shadow: inset 4px 0 0 var(--pt-accent); }
.pt-ticket__seat { display: flex; flex-wrap: wrap; gap: 4px 12px; }
.pt-ticket__tariff, .pt-ticket__gifts { color: var(--pt-muted); }
.pt-ticket__price { font-weight: 600; white-space: nowrap; }
.pt-ticket__remove { width: 44px; height: 44px; border: 1px solid var(--pt-line); border-radius: 50%; background: #fff; font-size: 22px; line-height: 1; cursor: pointer; }
.pt-ticket__remove:hover { border-color: var(--pt-accent); color: var(--pt-accent); }
.pt-basket__total { display: flex; justify-content: space-between; gap: 12px; font-size: 18px; font-weight: 700; }
.pt-basket__clear { align-self: flex-start; }
.pt-basket__no-fee { margin: 0; color: var(--pt-success); }
.pt-basket__empty p { margin: 0 0 8px; }
@media (max-width: 575px) {
  .pt-basket__performance { padding: 12px; }
  .pt-ticket { grid-template-columns: 1fr 44px; }
  .pt-ticket__price { grid-column: 1; }
  .pt-ticket__remove { grid-column: 2; grid-row: 1 / span 2; }
}
`;
