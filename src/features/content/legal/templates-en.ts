import { printedFacts, type LegalFacts, type LegalTemplateKey, type LegalText } from "./facts";

/**
 * The English legal templates (docs/product.md#legal-templates): starting points written for a small online shop
 * selling physical goods to consumers from Spain, under EU consumer law, the GDPR and Spain's LSSI. They are drafts
 * for the owner (and, ideally, their adviser) to review: the shop publishes none of them by itself.
 */
export function englishTemplates(facts: LegalFacts): Record<LegalTemplateKey, LegalText> {
  const f = printedFacts(facts, {
    legalName: "[seller's legal name]",
    taxId: "[tax identification number (NIF/CIF)]",
    address: "[registered address]",
    email: "[contact email]",
  });
  return {
    legal_notice: {
      title: "Legal Notice",
      html: `
<p>In compliance with Article 10 of Spanish Law 34/2002 on information society services and electronic commerce (LSSI-CE), the owner of this website is identified below.</p>
<h2>Owner of the website</h2>
<ul>
<li><strong>Name:</strong> ${f.seller}</li>
<li><strong>Tax identification number:</strong> ${f.taxId}</li>
<li><strong>Address:</strong> ${f.address}</li>
<li><strong>Email:</strong> ${f.email}</li>
<li><strong>Registry details:</strong> [Commercial Registry entry, if the seller is a company; otherwise delete this line]</li>
</ul>
<h2>Purpose</h2>
<p>This website is the online shop ${f.store}. Through it we offer and sell our products to consumers. Purchases are governed by our Terms of Sale; the way we handle personal data is described in our Privacy Policy.</p>
<h2>Intellectual property</h2>
<p>The texts, photographs, designs, logos and other content of this website belong to ${f.seller} or are used with permission. They may not be reproduced, distributed or publicly communicated without our written consent, except for private use while browsing the shop.</p>
<h2>Liability</h2>
<p>We take care to keep the information on this website accurate and up to date, but cannot guarantee that it is free of errors at all times. We are not responsible for the content of external websites linked from this one.</p>
<h2>Applicable law</h2>
<p>This notice is governed by Spanish law. Where the user is a consumer, any dispute may be brought before the courts of the consumer's place of residence.</p>`,
    },
    privacy: {
      title: "Privacy Policy",
      html: `
<p>This policy explains which personal data ${f.store} processes, why, and which rights you have under the General Data Protection Regulation (EU) 2016/679 (GDPR) and Spanish Organic Law 3/2018 (LOPDGDD).</p>
<h2>Who is responsible for your data</h2>
<p>${f.seller}, tax identification number ${f.taxId}, ${f.address}. You can contact us about anything related to your data at ${f.email}.</p>
<h2>What data we process and why</h2>
<ul>
<li><strong>Orders:</strong> your name, email address, shipping and billing address, phone number if you give it, and what you bought, to process and deliver your order, handle returns and answer your questions (performance of the contract).</li>
<li><strong>Invoices and accounting:</strong> the order and invoice data we are required to keep by tax and commercial law (legal obligation).</li>
<li><strong>Your account:</strong> if you create one, your name, email address, password (stored only as a secure hash), saved addresses and order history (performance of the contract).</li>
<li><strong>Newsletter:</strong> your email address, only if you subscribe and confirm the subscription (consent, which you can withdraw at any time with the link in every email).</li>
<li><strong>Security:</strong> technical data such as IP address and sign-in records, to protect the shop and your account against misuse (legitimate interest).</li>
</ul>
<h2>Payments</h2>
<p>Card payments are processed by our payment provider. We do not see or store your full card number.</p>
<h2>Who receives your data</h2>
<p>We share only what is needed with the payment provider, the carriers that deliver your parcels, our hosting and email providers, and public authorities where the law requires it. We do not sell your data. [List your providers here and state whether any of them processes data outside the European Economic Area, and under which safeguards.]</p>
<h2>How long we keep it</h2>
<p>Order and invoice data for as long as tax and commercial law require (in Spain, generally six years); account data while your account exists; newsletter data until you unsubscribe; security records for a limited time.</p>
<h2>Cookies and local storage</h2>
<p>We use only what the shop needs to work: a session cookie when you sign in, a cookie that remembers your language, and your browser's local storage for the contents of your cart. We do not use advertising or tracking cookies. [If you add analytics or advertising tools, describe them here and ask for consent before using them.]</p>
<h2>Your rights</h2>
<p>You can ask for access to your data, its correction or erasure, the restriction of its processing, its portability, and object to its processing, by writing to ${f.email}. Signed-in customers can also download their data and delete their account from their profile. If you believe we have not handled your data properly, you can complain to the Spanish Data Protection Agency (Agencia Española de Protección de Datos, www.aepd.es).</p>`,
    },
    terms: {
      title: "Terms of Sale",
      html: `
<p>These terms govern purchases made at ${f.store}, the online shop of ${f.seller} (tax identification number ${f.taxId}, ${f.address}, ${f.email}). Please read them before you order; by placing an order you accept them.</p>
<h2>Products and prices</h2>
<p>Each product page describes the product, its price and its availability. Prices are shown in the shop's currency and include VAT. Shipping costs, when they apply, are shown in the cart and at checkout before you pay.</p>
<h2>How to order</h2>
<ol>
<li>Add the products you want to the cart and go to checkout.</li>
<li>Enter your email address and the shipping address, and review the order summary and total.</li>
<li>Pay with one of the payment methods offered. The contract is concluded when the payment is confirmed.</li>
<li>You receive an email confirming the order, with its details and a copy of these terms available on this website.</li>
</ol>
<p>Orders can be placed in English or Spanish. We keep a record of each order, which you can see in your account or through the link in your confirmation email.</p>
<h2>Delivery</h2>
<p>We ship to the addresses and within the times described in our Shipping Policy. If a product turns out to be unavailable after you have paid, we will tell you and refund it in full without delay.</p>
<h2>Right of withdrawal and returns</h2>
<p>As a consumer you may withdraw from the purchase within 14 days of receiving the goods, without giving any reason, as explained on our Right of Withdrawal page. How to send items back is explained in our Returns Policy.</p>
<h2>Legal guarantee</h2>
<p>Every product is covered by the legal guarantee of conformity: we are responsible for any lack of conformity that appears within three years of delivery, under Spanish consumer law (Royal Legislative Decree 1/2007). If a product is faulty, write to ${f.email} and we will repair or replace it or, where that is not possible, reduce the price or refund it.</p>
<h2>Complaints and applicable law</h2>
<p>You can send any complaint to ${f.email}; we answer within one month at the latest. Customer complaint forms (hojas de reclamaciones) are also available on request. These terms are governed by Spanish law, without depriving consumers of the protection given to them by the law of their country of residence; disputes may be brought before the courts of the consumer's place of residence.</p>`,
    },
    withdrawal: {
      title: "Right of Withdrawal",
      html: `
<h2>Your right to withdraw</h2>
<p>You have the right to withdraw from this contract within 14 days without giving any reason. The withdrawal period expires 14 days after the day on which you, or a third party other than the carrier and indicated by you, take physical possession of the goods. If you ordered several goods that are delivered separately, it expires 14 days after you receive the last one.</p>
<p>To exercise the right of withdrawal, you must inform us — ${f.seller}, ${f.address}, ${f.email} — of your decision to withdraw from this contract by an unequivocal statement (for example, an email). You may use the model withdrawal form below, but it is not obligatory. To meet the withdrawal deadline, it is sufficient for you to send your communication before the withdrawal period has expired.</p>
<h2>Effects of withdrawal</h2>
<p>If you withdraw from this contract, we shall reimburse all payments received from you, including the costs of delivery (except supplementary costs if you chose a type of delivery other than the least expensive standard delivery we offer), without undue delay and in any event not later than 14 days from the day on which we are informed about your decision. We will use the same means of payment as you used for the initial transaction, unless you have expressly agreed otherwise; in any event, you will not incur any fees as a result of the reimbursement. We may withhold the reimbursement until we have received the goods back or you have supplied evidence of having sent them back, whichever is the earliest.</p>
<p>You shall send back the goods to us without undue delay and in any event not later than 14 days from the day on which you communicate your withdrawal. The deadline is met if you send back the goods before the period of 14 days has expired. You will bear the direct cost of returning the goods. You are only liable for any diminished value of the goods resulting from handling other than what is necessary to establish their nature, characteristics and functioning.</p>
<h2>Exceptions</h2>
<p>The right of withdrawal does not apply to goods made to your specifications or clearly personalised, nor to sealed goods which are not suitable for return for health protection or hygiene reasons once unsealed after delivery.</p>
<h2>Model withdrawal form</h2>
<p><em>(Complete and return this form only if you wish to withdraw from the contract.)</em></p>
<ul>
<li>To: ${f.seller}, ${f.address}, ${f.email}</li>
<li>I/We (*) hereby give notice that I/We (*) withdraw from my/our (*) contract of sale of the following goods (*):</li>
<li>Ordered on (*) / received on (*):</li>
<li>Name of consumer(s):</li>
<li>Address of consumer(s):</li>
<li>Signature of consumer(s) (only if this form is notified on paper):</li>
<li>Date:</li>
</ul>
<p><em>(*) Delete as appropriate.</em></p>`,
    },
    shipping: {
      title: "Shipping Policy",
      html: `
<h2>Where we ship</h2>
<p>We ship to the countries offered at checkout. [List the countries or regions you deliver to.]</p>
<h2>Processing and delivery times</h2>
<p>Orders are prepared within [1–2] business days of payment. Delivery then usually takes [2–3] business days within Spain and [3–6] business days to the rest of the European Union. These are estimates: carriers may need longer at busy times of the year.</p>
<h2>Shipping costs</h2>
<p>The shipping cost of your order is calculated at checkout and shown before you pay. Any free-shipping offer is shown in the cart.</p>
<h2>Tracking</h2>
<p>When your order ships we send you an email with the carrier and, where available, a tracking number. The same information appears on your order's page.</p>
<h2>Problems with a delivery</h2>
<p>If your parcel arrives damaged, or has not arrived within the expected time, write to us at ${f.email} with your order number and we will sort it out with the carrier. The goods travel at our risk until they are delivered to you.</p>`,
    },
    returns: {
      title: "Returns Policy",
      html: `
<h2>Returning items</h2>
<p>You can return items within <strong>${f.days} days</strong> after we ship your order. Open the order's page in your account and choose <strong>Return items</strong>: select what you are sending back and tell us why. If you bought without an account, or the button is no longer shown, write to us at ${f.email} with your order number.</p>
<p>This does not limit your legal right of withdrawal: as a consumer you can always withdraw within 14 days of receiving the goods, as explained on our Right of Withdrawal page.</p>
<h2>Condition of returned items</h2>
<p>Please send items back unused, in their original packaging where possible, so we can check and restock them.</p>
<h2>What happens next</h2>
<ol>
<li>We review your request and email you when it is approved, with instructions for sending the parcel.</li>
<li>When the parcel reaches us, we check the items and refund them.</li>
<li>The refund goes back to the payment method you used as soon as we have received and checked the items. Each item is refunded at the price you paid for it, discounts included.</li>
</ol>
<h2>Faulty or wrong items</h2>
<p>If an item is faulty or is not what you ordered, tell us at ${f.email}: we cover the return costs and repair, replace or refund it under the legal guarantee.</p>`,
    },
  };
}
