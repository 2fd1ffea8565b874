// sensitive_money (docs/api-contract.md#content-rules): a bot talking about money is held for a person. Two
// families of signals:
// - amounts: a currency symbol or ISO code next to a number ($120, €40, 1,200.50 EUR, USD 300, £5, 300 dollars);
// - payment instructions: wire/bank transfer, send money, pay now, payment link, refund, invoice due/amount,
//   account or routing number, crypto wallet, gift card, "venmo/paypal/zelle me".
// Figures of speech ("pay attention", "money-back") are not flagged.

const AMOUNT = [
  /[$€£¥₹₩₽₺₪₫₦]\s?\d/,
  /\d[\d,.]*\s?(?:[$€£¥₹]|\b(?:USD|EUR|GBP|JPY|CHF|CAD|AUD|INR|BRL|MXN|CNY|SEK|NOK|DKK|PLN|ZAR|BTC|ETH|USDT)\b)/i,
  /\b(?:USD|EUR|GBP|JPY|CHF|CAD|AUD|INR|BRL|MXN|CNY|SEK|NOK|DKK|PLN|ZAR|BTC|ETH|USDT)\s?\d/i,
  /\b\d[\d,.]*\s?(?:dollars?|euros?|pounds? sterling|bucks|rupees?|reais|pesos?)\b/i,
];

const INSTRUCTION = [
  /\b(?:wire|bank|money)\s+transfer/i,
  /\bsend\s+(?:me\s+|us\s+)?(?:the\s+)?(?:money|funds|payment)\b/i,
  /\bpay\s+(?:now|today|immediately|the\s+(?:invoice|balance|fee|deposit))\b/i,
  /\bpayment\s+(?:link|details|due|request|method)\b/i,
  /\brefunds?\b/i,
  /\binvoice\s+(?:is\s+)?(?:due|amount|total|overdue)\b/i,
  /\b(?:account|routing|sort|iban|swift|bic)\s+(?:number|code)\b/i,
  /\b(?:crypto|bitcoin|ethereum)\s+(?:wallet|address)\b/i,
  /\bgift\s+cards?\b/i,
  /\b(?:venmo|paypal|zelle|cash\s?app)\s+(?:me|us)\b/i,
  /\bcredit\s+card\s+(?:number|details)\b/i,
];

export function talksMoney(text: string): boolean {
  return AMOUNT.some((pattern) => pattern.test(text)) || INSTRUCTION.some((pattern) => pattern.test(text));
}
