import { printedFacts, type LegalFacts, type LegalTemplateKey, type LegalText } from "./facts";

/**
 * Las plantillas legales en español (docs/product.md#legal-templates): el mismo contenido que templates-en.ts, escrito
 * para una tienda online que vende productos físicos a consumidores desde España. Son borradores que el propietario
 * debe revisar antes de publicarlos.
 */
export function spanishTemplates(facts: LegalFacts): Record<LegalTemplateKey, LegalText> {
  const f = printedFacts(facts, {
    legalName: "[nombre o razón social del vendedor]",
    taxId: "[NIF/CIF]",
    address: "[domicilio]",
    email: "[correo electrónico de contacto]",
  });
  return {
    legal_notice: {
      title: "Aviso legal",
      html: `
<p>En cumplimiento del artículo 10 de la Ley 34/2002, de servicios de la sociedad de la información y de comercio electrónico (LSSI-CE), se identifica a continuación al titular de este sitio web.</p>
<h2>Titular del sitio web</h2>
<ul>
<li><strong>Nombre o razón social:</strong> ${f.seller}</li>
<li><strong>NIF:</strong> ${f.taxId}</li>
<li><strong>Domicilio:</strong> ${f.address}</li>
<li><strong>Correo electrónico:</strong> ${f.email}</li>
<li><strong>Datos registrales:</strong> [inscripción en el Registro Mercantil, si el vendedor es una sociedad; si no, elimina esta línea]</li>
</ul>
<h2>Objeto</h2>
<p>Este sitio web es la tienda online ${f.store}, a través de la cual ofrecemos y vendemos nuestros productos a consumidores. Las compras se rigen por nuestras Condiciones generales de venta; el tratamiento de los datos personales se describe en nuestra Política de privacidad.</p>
<h2>Propiedad intelectual</h2>
<p>Los textos, fotografías, diseños, logotipos y demás contenidos de este sitio web pertenecen a ${f.seller} o se utilizan con autorización. No pueden reproducirse, distribuirse ni comunicarse públicamente sin nuestro consentimiento por escrito, salvo para el uso privado al navegar por la tienda.</p>
<h2>Responsabilidad</h2>
<p>Procuramos que la información de este sitio web sea exacta y esté actualizada, pero no podemos garantizar que esté libre de errores en todo momento. No somos responsables del contenido de los sitios web externos enlazados desde este.</p>
<h2>Legislación aplicable</h2>
<p>Este aviso se rige por la legislación española. Cuando el usuario sea un consumidor, podrá acudir a los juzgados y tribunales de su domicilio.</p>`,
    },
    privacy: {
      title: "Política de privacidad",
      html: `
<p>Esta política explica qué datos personales trata ${f.store}, con qué finalidad y qué derechos tienes conforme al Reglamento General de Protección de Datos (UE) 2016/679 (RGPD) y a la Ley Orgánica 3/2018 (LOPDGDD).</p>
<h2>Responsable del tratamiento</h2>
<p>${f.seller}, NIF ${f.taxId}, ${f.address}. Puedes escribirnos sobre cualquier cuestión relativa a tus datos a ${f.email}.</p>
<h2>Qué datos tratamos y para qué</h2>
<ul>
<li><strong>Pedidos:</strong> tu nombre, correo electrónico, dirección de envío y de facturación, teléfono si nos lo facilitas y lo que has comprado, para tramitar y entregar tu pedido, gestionar devoluciones y responder a tus consultas (ejecución del contrato).</li>
<li><strong>Facturas y contabilidad:</strong> los datos de pedidos y facturas que la normativa fiscal y mercantil nos obliga a conservar (obligación legal).</li>
<li><strong>Tu cuenta:</strong> si la creas, tu nombre, correo electrónico, contraseña (guardada solo como un resumen cifrado), direcciones guardadas e historial de pedidos (ejecución del contrato).</li>
<li><strong>Boletín:</strong> tu correo electrónico, solo si te suscribes y confirmas la suscripción (consentimiento, que puedes retirar en cualquier momento con el enlace de cada correo).</li>
<li><strong>Seguridad:</strong> datos técnicos como la dirección IP y los registros de inicio de sesión, para proteger la tienda y tu cuenta frente a usos indebidos (interés legítimo).</li>
</ul>
<h2>Pagos</h2>
<p>Los pagos con tarjeta los procesa nuestro proveedor de pagos. No vemos ni guardamos el número completo de tu tarjeta.</p>
<h2>Destinatarios</h2>
<p>Solo compartimos lo necesario con el proveedor de pagos, las empresas de transporte que entregan tus paquetes, nuestros proveedores de alojamiento y de correo electrónico, y con las autoridades cuando la ley lo exige. No vendemos tus datos. [Indica aquí tus proveedores y si alguno trata datos fuera del Espacio Económico Europeo, y con qué garantías.]</p>
<h2>Cuánto tiempo los conservamos</h2>
<p>Los datos de pedidos y facturas, durante el tiempo que exige la normativa fiscal y mercantil (en España, por lo general, seis años); los de la cuenta, mientras exista; los del boletín, hasta que te des de baja; los registros de seguridad, durante un tiempo limitado.</p>
<h2>Cookies y almacenamiento local</h2>
<p>Solo usamos lo necesario para que la tienda funcione: una cookie de sesión cuando inicias sesión, una cookie que recuerda tu idioma y el almacenamiento local del navegador para el contenido de tu carrito. No usamos cookies publicitarias ni de seguimiento. [Si añades herramientas de analítica o publicidad, descríbelas aquí y pide el consentimiento antes de usarlas.]</p>
<h2>Tus derechos</h2>
<p>Puedes solicitar el acceso a tus datos, su rectificación o supresión, la limitación de su tratamiento, su portabilidad y oponerte a su tratamiento escribiendo a ${f.email}. Si tienes cuenta, también puedes descargar tus datos y eliminar tu cuenta desde tu perfil. Si consideras que no hemos tratado tus datos correctamente, puedes presentar una reclamación ante la Agencia Española de Protección de Datos (www.aepd.es).</p>`,
    },
    terms: {
      title: "Condiciones generales de venta",
      html: `
<p>Estas condiciones regulan las compras realizadas en ${f.store}, la tienda online de ${f.seller} (NIF ${f.taxId}, ${f.address}, ${f.email}). Léelas antes de hacer tu pedido; al realizarlo, las aceptas.</p>
<h2>Productos y precios</h2>
<p>Cada ficha de producto describe el producto, su precio y su disponibilidad. Los precios se muestran en la moneda de la tienda e incluyen el IVA. Los gastos de envío, cuando los hay, se muestran en el carrito y al pagar, antes de confirmar el pago.</p>
<h2>Cómo comprar</h2>
<ol>
<li>Añade los productos que quieras al carrito y ve a pagar.</li>
<li>Indica tu correo electrónico y la dirección de envío, y revisa el resumen y el total del pedido.</li>
<li>Paga con uno de los medios de pago ofrecidos. El contrato se perfecciona cuando se confirma el pago.</li>
<li>Recibirás un correo de confirmación con los datos del pedido; estas condiciones están siempre disponibles en este sitio web.</li>
</ol>
<p>Los pedidos pueden realizarse en español o en inglés. Guardamos un registro de cada pedido, que puedes consultar en tu cuenta o mediante el enlace de tu correo de confirmación.</p>
<h2>Entrega</h2>
<p>Enviamos a las direcciones y en los plazos que describe nuestra Política de envíos. Si después del pago un producto no estuviera disponible, te avisaremos y te devolveremos su importe íntegro sin demora.</p>
<h2>Derecho de desistimiento y devoluciones</h2>
<p>Como consumidor puedes desistir de la compra en un plazo de 14 días desde que recibes los productos, sin necesidad de justificación, como se explica en nuestra página Derecho de desistimiento. Cómo enviarnos los artículos se explica en nuestra Política de devoluciones.</p>
<h2>Garantía legal</h2>
<p>Todos los productos están cubiertos por la garantía legal de conformidad: respondemos de las faltas de conformidad que se manifiesten en un plazo de tres años desde la entrega, conforme al Real Decreto Legislativo 1/2007 (Ley General para la Defensa de los Consumidores y Usuarios). Si un producto es defectuoso, escríbenos a ${f.email} y lo repararemos o sustituiremos o, si no es posible, rebajaremos el precio o te devolveremos su importe.</p>
<h2>Reclamaciones y legislación aplicable</h2>
<p>Puedes enviarnos cualquier reclamación a ${f.email}; la responderemos en el plazo máximo de un mes. También tenemos hojas de reclamaciones a tu disposición. Estas condiciones se rigen por la legislación española, sin privar al consumidor de la protección que le otorgue la ley de su país de residencia; los litigios podrán someterse a los juzgados y tribunales del domicilio del consumidor.</p>`,
    },
    withdrawal: {
      title: "Derecho de desistimiento",
      html: `
<h2>Tu derecho a desistir</h2>
<p>Tienes derecho a desistir del presente contrato en un plazo de 14 días naturales sin necesidad de justificación. El plazo de desistimiento expirará a los 14 días naturales del día en que tú o un tercero por ti indicado, distinto del transportista, adquiriste la posesión material de los bienes. Si pediste varios bienes que se entregan por separado, el plazo expira a los 14 días del día en que recibes el último.</p>
<p>Para ejercer el derecho de desistimiento, deberás notificarnos —${f.seller}, ${f.address}, ${f.email}— tu decisión de desistir del contrato a través de una declaración inequívoca (por ejemplo, un correo electrónico). Podrás utilizar el modelo de formulario de desistimiento que figura a continuación, aunque su uso no es obligatorio. Para cumplir el plazo de desistimiento, basta con que la comunicación relativa al ejercicio de este derecho sea enviada antes de que venza el plazo correspondiente.</p>
<h2>Consecuencias del desistimiento</h2>
<p>En caso de desistimiento, te devolveremos todos los pagos recibidos de ti, incluidos los gastos de entrega (con la excepción de los gastos adicionales resultantes de la elección de una modalidad de entrega diferente a la modalidad menos costosa de entrega ordinaria que ofrezcamos), sin ninguna demora indebida y, en todo caso, a más tardar 14 días naturales a partir de la fecha en la que se nos informe de tu decisión de desistir. Procederemos a efectuar dicho reembolso utilizando el mismo medio de pago empleado por ti para la transacción inicial, a no ser que hayas dispuesto expresamente lo contrario; en todo caso, no incurrirás en ningún gasto como consecuencia del reembolso. Podremos retener el reembolso hasta haber recibido los bienes, o hasta que hayas presentado una prueba de la devolución de los mismos, según qué condición se cumpla primero.</p>
<p>Deberás devolvernos los bienes sin ninguna demora indebida y, en cualquier caso, a más tardar en el plazo de 14 días naturales a partir de la fecha en que nos comuniques tu decisión de desistimiento. Se considerará cumplido el plazo si efectúas la devolución de los bienes antes de que haya concluido dicho plazo. Deberás asumir el coste directo de devolución de los bienes. Solo serás responsable de la disminución de valor de los bienes resultante de una manipulación distinta a la necesaria para establecer su naturaleza, sus características o su funcionamiento.</p>
<h2>Excepciones</h2>
<p>El derecho de desistimiento no se aplica a los bienes confeccionados conforme a tus especificaciones o claramente personalizados, ni a los bienes precintados que no sean aptos para ser devueltos por razones de protección de la salud o de higiene y que hayan sido desprecintados tras la entrega.</p>
<h2>Modelo de formulario de desistimiento</h2>
<p><em>(Solo debes cumplimentar y enviar el presente formulario si deseas desistir del contrato.)</em></p>
<ul>
<li>A la atención de: ${f.seller}, ${f.address}, ${f.email}</li>
<li>Por la presente le comunico/comunicamos (*) que desisto de mi/desistimos de nuestro (*) contrato de venta del siguiente bien (*):</li>
<li>Pedido el (*) / recibido el (*):</li>
<li>Nombre del consumidor o de los consumidores:</li>
<li>Domicilio del consumidor o de los consumidores:</li>
<li>Firma del consumidor o de los consumidores (solo si el presente formulario se presenta en papel):</li>
<li>Fecha:</li>
</ul>
<p><em>(*) Táchese lo que no proceda.</em></p>`,
    },
    shipping: {
      title: "Política de envíos",
      html: `
<h2>Adónde enviamos</h2>
<p>Enviamos a los países que se ofrecen al pagar. [Indica los países o regiones a los que envías.]</p>
<h2>Plazos de preparación y entrega</h2>
<p>Los pedidos se preparan en [1–2] días laborables desde el pago. La entrega suele tardar después [2–3] días laborables en España y [3–6] días laborables en el resto de la Unión Europea. Son plazos orientativos: en las épocas de más actividad los transportistas pueden necesitar más tiempo.</p>
<h2>Gastos de envío</h2>
<p>Los gastos de envío de tu pedido se calculan al pagar y se muestran antes de confirmar el pago. Si hay una oferta de envío gratuito, se indica en el carrito.</p>
<h2>Seguimiento</h2>
<p>Cuando enviamos tu pedido te mandamos un correo con el transportista y, cuando existe, el número de seguimiento. La misma información aparece en la página de tu pedido.</p>
<h2>Incidencias en la entrega</h2>
<p>Si tu paquete llega dañado o no ha llegado en el plazo previsto, escríbenos a ${f.email} con el número de pedido y lo resolveremos con el transportista. Los productos viajan por nuestra cuenta y riesgo hasta que te los entregamos.</p>`,
    },
    returns: {
      title: "Política de devoluciones",
      html: `
<h2>Cómo devolver artículos</h2>
<p>Puedes devolver artículos durante <strong>${f.days} días</strong> desde que enviamos tu pedido. Abre la página del pedido en tu cuenta y elige <strong>Devolver artículos</strong>: selecciona lo que nos envías e indica el motivo. Si compraste sin cuenta, o el botón ya no aparece, escríbenos a ${f.email} con tu número de pedido.</p>
<p>Esto no limita tu derecho legal de desistimiento: como consumidor siempre puedes desistir en los 14 días siguientes a la recepción de los productos, como se explica en nuestra página Derecho de desistimiento.</p>
<h2>Estado de los artículos</h2>
<p>Devuélvelos sin usar y, si es posible, en su embalaje original, para que podamos revisarlos y volver a ponerlos a la venta.</p>
<h2>Qué pasa después</h2>
<ol>
<li>Revisamos tu solicitud y te escribimos cuando la aprobamos, con las instrucciones para enviar el paquete.</li>
<li>Cuando el paquete nos llega, revisamos los artículos y te devolvemos su importe.</li>
<li>El reembolso se hace al medio de pago que usaste en cuanto hemos recibido y revisado los artículos. Cada artículo se reembolsa al precio que pagaste por él, descuentos incluidos.</li>
</ol>
<h2>Artículos defectuosos o equivocados</h2>
<p>Si un artículo es defectuoso o no es lo que pediste, dínoslo en ${f.email}: nos hacemos cargo de los gastos de devolución y lo reparamos, sustituimos o reembolsamos conforme a la garantía legal.</p>`,
    },
  };
}
