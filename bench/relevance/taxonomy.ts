// The judged set of bench:relevance (issue 36): what the messages between a business (a coffee-equipment shop with
// stores, a repair service and subscriptions) and one of its customers are about. Written for this repository.
//
// A sub-topic belongs to a topic (the part before the dot) and may name an entity of one kind: an order number, an
// invoice number, an appointment date, a plan, a product or a store. Its message templates are written by hand, in
// both voices (the customer's and the business's), in varied words on purpose. The queries (queries.ts) are written
// apart from them, in the words a person or a bot would type.
//
// Template syntax (expanded by corpus.ts):
//   {a|b|c}   one of the alternatives, at random
//   [text]    the text or nothing, at random
//   <slot>    a value: the sub-topic's entity (<order>, <invoice>, <date>, <plan>, <product>, <branch>) or a plain
//             value (<weekday>, <days>, <amount>, <agent>, <courier>, <time>); an entity slot of another kind than
//             the sub-topic's is a plain value there.
// No nesting. A message records its sub-topic, and its entity only when its text names it.

export type EntityKind = "order" | "invoice" | "date" | "plan" | "product" | "branch";

export interface Subtopic {
  /** `topic.name`: the topic is the part before the dot. */
  id: string;
  /** The kind of entity its messages may name, if any. */
  entity: EntityKind | null;
  /** How often it comes up, relative to the others. */
  weight: number;
  templates: string[];
}

export const topicOf = (subtopic: string) => subtopic.slice(0, subtopic.indexOf("."));

/**
 * Topics so close that a message of one is on the subject of a query of the other (grade 1): where a parcel is and
 * whether it is late; a refund and the charge it reverses. Found in review (README.md).
 */
export const RELATED_TOPICS: [string, string][] = [
  ["order", "delivery"],
  ["refund", "billing"],
];

/** The same topic, or related ones. */
export function sameSubject(a: string, b: string): boolean {
  const [x, y] = [topicOf(a), topicOf(b)];
  return x === y || RELATED_TOPICS.some(([p, q]) => (x === p && y === q) || (x === q && y === p));
}

export const SUBTOPICS: Subtopic[] = [
  {
    id: "order.status",
    entity: "order",
    weight: 5,
    templates: [
      "Hi, has order <order> been sent out yet?",
      "{hello|hi there|morning}, any update on my order <order>?",
      "Could you tell me where order <order> is at the moment?",
      "I placed order <order> on <weekday> and the app still says processing",
      "Your order <order> was packed this morning and leaves the warehouse {today|tonight|tomorrow}.",
      "Order <order> {shipped|went out|was dispatched} {yesterday|on <weekday>}; the tracking number is in your email.",
      "Just checking the status of <order>, I haven't heard anything",
      "Good news: #<order> is on its way, you should have it within <days> days.",
      "is my order still being prepared? it's been <days> days",
      "We're waiting for one item to come back into stock before order <order> can ship.",
      "When will you ship my stuff? I ordered last week",
      "Order <order> is ready for collection at the store[ from <weekday>].",
      "Can I get a tracking link for order no. <order> please",
    ],
  },
  {
    id: "order.cancel",
    entity: "order",
    weight: 3,
    templates: [
      "Please cancel order <order>, I ordered the wrong model",
      "I'd like to cancel my order <order> before it ships if that's still possible",
      "Can I still call off the order I placed {this morning|last night}?",
      "Order <order> has been cancelled and the payment released.",
      "Sorry, order <order> already left the warehouse so we can't cancel it, but you can return it for free.",
      "{I changed my mind|changed my mind}, don't send order <order>",
      "We've stopped order <order> as you asked; nothing will be charged.",
      "how do I cancel an order i just made?",
      "Please don't ship #<order>, I found it cheaper locally",
      "Your cancellation for order <order> is confirmed.",
    ],
  },
  {
    id: "order.address",
    entity: "order",
    weight: 2,
    templates: [
      "Can you change the delivery address on order <order>? I've moved",
      "I put my old address on order <order> by mistake, can you send it to my work instead",
      "We updated the shipping address for order <order> to the one you gave us.",
      "Is it too late to change where order <order> gets delivered?",
      "please deliver to my neighbour at number <amount> instead, i'm away",
      "The courier already has order <order>, so the address can only be changed through their website.",
      "Could you redirect my parcel to the Riverside store? I'll pick it up there",
      "I need to update the postcode on my order <order>, I typed it wrong",
    ],
  },
  {
    id: "delivery.late",
    entity: "order",
    weight: 5,
    templates: [
      "My order <order> was supposed to arrive on <weekday> and it still hasn't come",
      "It's been <days> days past the delivery date and no sign of order <order>",
      "Sorry for the delay with order <order>: the courier is running about <days> days behind.",
      "{where is|where's} my parcel?? it was meant to be here {yesterday|on <weekday>}",
      "The delivery for <order> is late because of a backlog at the <courier> depot.",
      "Still waiting on order <order>, this is getting ridiculous",
      "We're sorry your delivery is late. Order <order> is now expected on <weekday>.",
      "the tracking hasn't moved in <days> days, is my delivery stuck?",
      "Our courier missed the delivery window for <order>; they'll try again tomorrow.",
      "Expected delivery was last week. Order <order>. Any news?",
      "Due to the storms, deliveries in your area are running <days> days late, including order <order>.",
      "I paid for next-day shipping and it's now <days> days later",
    ],
  },
  {
    id: "delivery.damaged",
    entity: "order",
    weight: 3,
    templates: [
      "The grinder in order <order> arrived with a cracked hopper",
      "Order <order> came today but the box was crushed and the <product> is dented",
      "My parcel arrived smashed, the glass carafe is in pieces",
      "So sorry the <product> from order <order> arrived broken; could you send us a photo of the damage?",
      "We'll send a replacement for the damaged item in order <order> today.",
      "the <product> i got is scratched all over, looks like it was dropped in transit",
      "Box for <order> was soaking wet and the machine inside won't turn on",
      "Thanks for the photos. We've logged the damage on order <order> with <courier>.",
      "half the cups in my order were broken when I opened it",
      "Your replacement for the broken <product> leaves the warehouse on <weekday>.",
    ],
  },
  {
    id: "delivery.missing",
    entity: "order",
    weight: 3,
    templates: [
      "Tracking says order <order> was delivered but nothing came",
      "My parcel shows as delivered on <weekday> but I never got it",
      "We've opened an investigation with <courier> about order <order>, which shows delivered but didn't reach you.",
      "Order <order> is marked as received but there's nothing at my door or with the neighbours",
      "The driver left my package somewhere, I have no idea where",
      "Could you check with your neighbours or building reception? <courier> says order <order> was left there.",
      "We're sending order <order> again since the first parcel was lost.",
      "{I think|pretty sure} my delivery got stolen from the doorstep",
      "The courier's photo for <order> shows a door that isn't mine",
      "The lost parcel for order <order> has been reported; a new one goes out <weekday>.",
    ],
  },
  {
    id: "delivery.wrong_item",
    entity: "order",
    weight: 2,
    templates: [
      "I ordered the black <product> but order <order> had a silver one in it",
      "You sent me the wrong thing: order <order> was a kettle, I got a milk frother",
      "Apologies for the mix-up in order <order>, the right item is on its way and a return label is attached.",
      "the box had somebody else's order in it",
      "Order <order> is missing the filters and has two mugs I didn't ask for",
      "We picked the wrong colour for order <order>; keep the one you have, the correct one is coming.",
      "This isn't what I ordered at all",
      "Received the 250g bags instead of 1kg for order <order>",
    ],
  },
  {
    id: "refund.request",
    entity: "order",
    weight: 4,
    templates: [
      "I'd like my money back for order <order>, the <product> doesn't work",
      "Can I get a refund for order <order>? I returned it on <weekday>",
      "I want a refund, not a replacement",
      "We've approved the refund of €<amount> for order <order>.",
      "how do I return the <product> and get my money back?",
      "Please refund order <order> to my card, I don't want store credit",
      "Your refund request for <order> has been received and is being reviewed.",
      "Since the item was faulty, we'll refund order <order> in full including shipping.",
      "I sent the machine back <days> days ago, when do I get reimbursed?",
      "You can return anything within 30 days for a full refund; use the label in the box.",
      "Want to send back order <order>, it's too big for my kitchen",
    ],
  },
  {
    id: "refund.status",
    entity: "order",
    weight: 3,
    templates: [
      "You said you'd refund order <order> but I still haven't seen the money",
      "The refund for <order> was issued on <weekday>; banks take 3 to 5 working days to show it.",
      "Where is my refund? It's been <days> days",
      "Refund for order <order> still not on my statement",
      "We've checked: the €<amount> for order <order> went back to your card ending <amount>.",
      "has the money for my return gone back yet?",
      "The refund on <order> is stuck because the return hasn't reached our warehouse yet.",
      "I got an email saying refunded but my bank shows nothing",
      "Your refund for order <order> was processed today.",
    ],
  },
  {
    id: "billing.double_charge",
    entity: "invoice",
    weight: 3,
    templates: [
      "I've been charged twice for invoice <invoice>",
      "There are two payments of €<amount> on my card for the same invoice <invoice>",
      "You took the money {twice|two times}, please sort it out",
      "Sorry about the duplicate charge on <invoice>; the second payment has been reversed.",
      "My bank statement shows the same amount taken on <weekday> and again on Friday",
      "We see two charges for invoice <invoice>; one is a pending authorisation and will drop off in a few days.",
      "why did you bill me double this month?",
      "The extra €<amount> taken for <invoice> was a mistake on our side and is being refunded.",
      "Got charged two times for one order, can you check invoice <invoice>",
    ],
  },
  {
    id: "billing.invoice_copy",
    entity: "invoice",
    weight: 3,
    templates: [
      "Could you send me a copy of invoice <invoice>? My accountant needs it",
      "I need a VAT invoice for <invoice> with my company name on it",
      "Here's the PDF of invoice <invoice> you asked for.",
      "can i get a receipt for my last purchase please",
      "Please re-issue invoice <invoice> to Harbour Coffee Ltd instead of my name",
      "We've emailed a corrected invoice <invoice> with the VAT number added.",
      "I can't find the invoice in my account, where do I download it?",
      "Invoices are under Account, then Orders; <invoice> is there now as a PDF.",
      "Need the paperwork for <invoice> for my expenses claim",
    ],
  },
  {
    id: "billing.card_declined",
    entity: null,
    weight: 3,
    templates: [
      "My card keeps getting declined at checkout",
      "The payment failed but I have money in the account",
      "Your last payment didn't go through; please update your card details.",
      "why does it say transaction refused when I try to pay?",
      "We couldn't take the payment for your subscription, the card on file has expired.",
      "I tried three times and the payment won't go through",
      "Your bank declined the charge; it may need you to approve it in their app.",
      "Checkout gives me an error every time I enter my card",
      "paypal won't let me pay either, what's going on",
    ],
  },
  {
    id: "appointment.book",
    entity: "date",
    weight: 4,
    templates: [
      "Can I book a repair appointment for <date>?",
      "I'd like a slot for a machine service on <date> if you have one",
      "You're booked in for <date> at <time> at the workshop.",
      "Is there anything free on <date> in the morning? My grinder needs a look",
      "do you have any availability next week to look at my espresso machine?",
      "Your barista training session is confirmed for <date>.",
      "I want to bring my machine in for a descale, when can you fit me in?",
      "We can see you on <date> at <time>; bring the portafilter too.",
      "Could I reserve a time with a technician on <date>?",
      "Booked! <date> at <time>, see you then.",
      "Want to schedule a service visit, what days do you have?",
    ],
  },
  {
    id: "appointment.reschedule",
    entity: "date",
    weight: 3,
    templates: [
      "Can we move my appointment on <date> to later in the week?",
      "Something came up, could I come in another day instead of <date>?",
      "Your appointment has been moved to <date> at <time>.",
      "Is it possible to push my service booking back a few days?",
      "I need to change the time of my visit on <date>",
      "No problem, we've rebooked you for <date>.",
      "{can't|cannot} make it on <date>, any other slot?",
      "Could we do <date> instead? The earlier date doesn't work for me",
      "Rescheduled: your repair drop-off is now <date> in the afternoon.",
    ],
  },
  {
    id: "appointment.cancel",
    entity: "date",
    weight: 2,
    templates: [
      "Please cancel my appointment on <date>",
      "I won't need the service booking on <date> any more, the machine works again",
      "Your appointment for <date> is cancelled.",
      "I have to cancel the workshop visit, sorry",
      "We've cancelled the technician visit on <date> as you asked; no fee applies.",
      "Can you take me off the list for <date>?",
      "Cancelling my training session on <date>, I'm ill",
      "no need to come on <date> anymore, thanks",
    ],
  },
  {
    id: "subscription.renew",
    entity: "plan",
    weight: 3,
    templates: [
      "When does my <plan> subscription renew?",
      "I'd like to renew the <plan> plan for another year",
      "Your <plan> plan renews automatically on the 1st of next month.",
      "Does the beans subscription carry on automatically or do I need to sign up again?",
      "We've extended your <plan> plan for 12 months.",
      "My <plan> membership runs out soon, how do I keep it going?",
      "Reminder: your <plan> subscription will renew in <days> days.",
      "i want to keep my coffee delivery going for another year",
      "Can I switch to yearly billing when the <plan> plan comes up for renewal?",
    ],
  },
  {
    id: "subscription.cancel",
    entity: "plan",
    weight: 3,
    templates: [
      "Please cancel my <plan> subscription",
      "I want to stop the monthly coffee deliveries",
      "How do I end my <plan> plan? I can't find the button",
      "Your <plan> subscription is cancelled; you won't be charged again.",
      "I'm moving abroad so I need to stop the subscription",
      "We've ended your <plan> plan at the end of this billing period, as you asked.",
      "can you stop sending me beans every month please",
      "Cancel the <plan> membership, it's too expensive for me now",
      "Pausing isn't enough, I want to quit the subscription completely",
    ],
  },
  {
    id: "subscription.price",
    entity: "plan",
    weight: 2,
    templates: [
      "Why did my <plan> plan go up in price?",
      "The <plan> subscription costs more this month, nobody told me",
      "From next month the <plan> plan will be €<amount> a month because of higher bean prices.",
      "Is there a cheaper plan than <plan>?",
      "we were charged more than usual for the monthly beans",
      "The new price for the <plan> plan applies from your next renewal.",
      "Can I keep the old price on my <plan> subscription? I've been with you for years",
      "What does the <plan> plan cost now?",
    ],
  },
  {
    id: "account.login",
    entity: null,
    weight: 3,
    templates: [
      "I can't log in to my account",
      "Forgot my password and the reset email never arrives",
      "We've sent a password reset link to your email; it works for one hour.",
      "It says wrong password but I'm sure it's right",
      "My account is locked after too many attempts",
      "Your account was locked for safety; it unlocks by itself after 30 minutes.",
      "the sign in page just keeps spinning",
      "Can't get into the app since the update",
      "Try signing in with the email you used for your first order.",
      "i never got the code to log in",
    ],
  },
  {
    id: "account.details",
    entity: null,
    weight: 2,
    templates: [
      "How do I change the email address on my account?",
      "Please update my phone number to the new one",
      "We've changed the email on your account as requested.",
      "I got married and need to change my surname on the account",
      "Can you delete my account and all my data?",
      "Your account details are updated.",
      "i want to change my default delivery address in my profile",
      "Please remove my old card from the account",
    ],
  },
  {
    id: "complaint.staff",
    entity: "branch",
    weight: 3,
    templates: [
      "The guy at the <branch> store was really rude to me today",
      "I want to complain about how I was treated at <branch>",
      "We're sorry about your visit to the <branch> store; the manager will call you.",
      "Nobody at <branch> would help me, they just ignored me",
      "your staff were unhelpful and didn't know anything about the machines",
      "Thank you for telling us about <branch>; we've spoken to the team there.",
      "Waited 40 minutes at the <branch> counter and got attitude when I asked",
      "The shop assistant laughed at my question, not ok",
      "We'd like to make it up to you for the poor service at <branch>: here's a voucher.",
    ],
  },
  {
    id: "complaint.quality",
    entity: "product",
    weight: 3,
    templates: [
      "The <product> stopped working after two weeks",
      "Really disappointed with the <product>, it feels cheap",
      "My <product> leaks water every time I use it",
      "We're sorry the <product> let you down; it's covered by warranty and we'll replace it.",
      "the coffee tastes burnt no matter what i do",
      "The <product> makes a horrible grinding noise now",
      "Quality has really gone down, the last bag of beans was stale",
      "Could you send a video of the <product> making that noise? Our technician will look at it.",
      "the handle of the <product> snapped off",
    ],
  },
  {
    id: "product.stock",
    entity: "product",
    weight: 4,
    templates: [
      "Is the <product> back in stock?",
      "Do you have the <product> in black?",
      "The <product> is sold out online, does any store have one?",
      "We expect the <product> back in stock on <weekday>.",
      "when will you get more of the <product>?",
      "Can you let me know when the <product> is available again?",
      "We have two <product> left at the Old Town store.",
      "The <product> is discontinued, but the new model is in stock.",
      "I'd like to reserve a <product> if you're getting some in",
      "out of stock again?? i've been waiting weeks for it",
    ],
  },
  {
    id: "product.howto",
    entity: "product",
    weight: 3,
    templates: [
      "How do I descale the <product>?",
      "What grind setting should I use for the <product>?",
      "To clean the <product>, run it with the descaling kit once a month.",
      "Is there a manual for the <product>? I lost mine",
      "the milk won't foam properly, what am I doing wrong?",
      "Hold the steam wand just under the surface of the milk and tilt the jug.",
      "How do I set the timer on the <product>?",
      "Here's the video guide for setting up the <product>.",
      "Which filter goes in the <product>?",
    ],
  },
  {
    id: "product.warranty",
    entity: "product",
    weight: 2,
    templates: [
      "Is the <product> still under warranty? I bought it last year",
      "How long is the guarantee on the <product>?",
      "The <product> comes with a two-year warranty that covers parts and labour.",
      "Does the warranty cover the pump if it breaks?",
      "Your <product> is within warranty, so the repair is free.",
      "I lost my receipt, can I still claim on the warranty?",
      "Can I buy an extended warranty for the <product>?",
      "The warranty ran out in March, so the repair would be €<amount>.",
    ],
  },
  {
    id: "smalltalk.thanks",
    entity: null,
    weight: 6,
    templates: [
      "Thanks!",
      "thank you so much",
      "{Great|Perfect|Lovely}, thanks for your help",
      "You're welcome, have a nice day!",
      "ok",
      "Ok great",
      "cheers",
      "No problem at all.",
      "Happy to help!",
      "brilliant, thanks",
    ],
  },
  {
    id: "smalltalk.hello",
    entity: null,
    weight: 4,
    templates: [
      "Hi",
      "Hello, is anyone there?",
      "Good morning!",
      "Hi <agent> here, how can I help?",
      "Hey, quick question",
      "Hello again",
      "Are you open on Sunday?",
      "What time do you close today?",
      "Our stores are open 8 to 6, Monday to Saturday.",
    ],
  },
];
