### 简体中文 (Simplified Chinese): customer-facing messages only (src/bot/customer-keys.ts); any other key is read in English.

## Meta
locale-code = zh

## Command menu (everyone's and customers')
cmd-start = 开始：此机器人能做什么
cmd-help = 帮助
cmd-language = 语言 / Language
cmd-book = 预订开球时间
cmd-mybookings = 我的预订
cmd-cancel = 中止当前预订

## Menu and general
welcome =
    您好，{ $name }！⛳ 我可以为您预订泰国各地球场的开球时间。
    点击<b>预订开球时间</b>开始，或随时使用 /book。/cancel 可中止预订。
menu-book = ⛳ 预订开球时间
menu-my-bookings = 📋 我的预订
menu-language = 🌐 语言 / Language
fallback-hint = 我没有理解。请选择您要做的事：
private-only = 请在私聊中与我对话来预订开球时间。
error-generic = 抱歉，我们这边出了问题。此错误未产生任何扣款。请重试，或使用 /book 重新开始。
error-not-allowed = ⛔ 这不是您可以执行的操作，因此未做任何处理，也未扣款。/mybookings 显示您自己的预订；其他事宜请联系您的代理或旅行社。
error-database-busy = ⏳ fairway 当前繁忙，请稍后再试。
error-move-open = 🔁 此预订有一个尚未结束的更改，因此未做任何操作。请先批准或取消该更改（或等待其保留结束）后再试。
menu-expired = 此菜单已过期。请使用 /book 重新开始。
menu-expired-released = 此预订已过期，保留已释放。请使用 /book 重新开始。
earlier-hold-released = 您之前未确认的保留已释放。
use-buttons-hint = 请使用上方的按钮，或使用 /cancel 中止。
input-commands-hint = 请输入您的回答、使用上方的按钮，或使用 /cancel 中止。
flood-notice = 您发送消息的速度太快，我跳过了部分消息。请稍候再继续。
busy-toast = ⏳ fairway 现在很忙，回复马上就到
language-choose = 请选择语言：
language-set = 语言已设为中文。

## Buttons
btn-back = ‹ 返回
btn-back-summary = ‹ 返回摘要
btn-cancel = ✖ 取消
btn-prev = ‹ 上一页
btn-next = 下一页 ›
btn-refresh = 🔄 刷新
btn-pick-date = 📅 选择日期
btn-location = 📍 位置
btn-photo = 📷 照片
btn-other-date = 📅 其他日期
btn-new-customer = ➕ 新客户
btn-keep = 保留：{ $value }
btn-share-contact = 📱 分享我的号码
btn-confirm = ✅ 确认并付款
btn-change = ✏️ 修改
btn-try-again = 🔄 重试
btn-resume = ▶️ 继续
btn-start-over = 🔁 重新开始
btn-release = 🗑 释放此保留
btn-release-group = 🗑 释放整个团组

## Booking: course, date, tee time, players
course-title = 请选择高尔夫球场
course-from-weekday = 平日 { $price } 起
course-from-weekend = 周末 { $price } 起
course-hours = 营业时间：{ $hours }
course-photo-unavailable = 暂时无法显示球场照片。
course-location-unavailable = 暂时无法显示球场位置。
date-title = { $course }：请选择日期
date-hint = 日期以球场当地时间为准。• 表示今天。
slot-title = { $course } · { $date }
slot-hint = 可预订的开球时间 { $count } 个（{ $types }）。时间为球场当地时间，价格为每人价格。
slot-none = 当天没有可预订的开球时间。
slot-none-suggest = 当天没有可预订的开球时间。以下日期有空位：
slot-none-part = 该时段没有开球时间。请选择其他筛选条件。
part-all = 全部
part-morning = 上午
part-midday = 中午
part-afternoon = 下午
price-type = { $type ->
    [WEEKDAY] 平日价
    [WEEKEND] 周末价
    [HOLIDAY] 节假日价
   *[other] { $type }
    }
players-title = 几位打球？
players-slot = 开球时间 { $time }，{ $date } · 每人 { $price }
players-range = 此开球时间可供 { $min } 至 { $max } 人。
caddy-free = 含球童
caddy-price = 球童每人 { $price }，在球场支付

## Booking: golfer details
customer-title = 谁来打球？
customer-hint = 选择最近的客户，或添加新客户。也可以直接输入客户的全名。
name-title = 客户全名
name-hint = 请输入预订上显示的姓名，例如 Somchai Jaidee。
email-title = 客户电子邮箱
email-hint = 请输入接收预订确认的电子邮箱，例如 name@example.com。
mobile-title = 客户手机号码
mobile-hint = 请输入手机号码，例如 081-234-5678 或 +66 81 234 5678。
mobile-share-hint = 如果您本人打球，可以用下方按钮分享您的号码。
reply-keyboard-done = ✓ 收到。
mobile-share-prompt = 或分享您自己的号码：
name-too-short = 姓名太短。请输入全名（至少 2 个字）。
name-too-long = 姓名太长，无法用于预订。请缩短（最多 80 个字），例如省略中间名。
name-invalid = 姓名只能包含文字、空格、句点、撇号和连字符。请重新输入。
invalid-name-characters = 姓名中含有隐藏字符或控制字符。请重新输入。
email-invalid = 这似乎不是电子邮箱地址。请检查，例如 name@example.com。
mobile-invalid = 这似乎不是电话号码。请输入泰国手机号码，如 081-234-5678，或以 + 开头的国际号码。
mobile-not-mobile = 这似乎是固定电话。请提供手机号码，以便球场联系打球者。

## Booking: hold, summary, confirmation
hold-placing = 正在保留此开球时间…
hold-busy = 保留仍在处理中。请稍后再试。
hold-slot-taken = 抱歉，该开球时间刚刚被订走。以下是更新后的列表。
hold-unknown = 合作方的回复丢失，我们无法确定是否已保留。未产生任何扣款，我们的团队已收到通知。您填写的信息已保存：请选择开球时间重试。
hold-expired = 您的保留已结束，开球时间已释放。请重新选择开球时间。
held-title = 您的开球时间已保留
held-until = 保留至 { $time }（剩余 { $minutes } 分钟）。确认后即可付款。
summary-players = { $count } 人
summary-amount = 合计 { $amount }
summary-code = 预订代码 { $code }
summary-txno = 交易号 { $txno }
confirm-working = 正在确认并付款…
confirm-insufficient = 合作方账户目前余额不足，无法支付此预订。您的保留和选择均已保留：请在账户充值后重试，或取消。
confirm-busy = 此预订已在确认中。点击“重试”查看结果。
confirm-unknown = 合作方的回复丢失，我们无法确定付款是否成功。我们正在向合作方核实，并会发消息告知结果。在此期间请勿重复预订此开球时间。
confirmed-title = 预订已确认
confirmed-footer = 下方的日历文件可将开球时间加入您的日历。祝您打球愉快！
ics-summary = { $course } 开球时间
ics-description = 预订代码 { $code }，{ $players } 人。通过 fairway 预订。
ics-caption = 📅 加入日历

## Booking: change and cancel
change-title = 您想修改什么？
change-hint = 修改会释放当前的保留；其他选择保持不变。
change-course = 球场
change-date = 日期
change-time = 开球时间
change-players = 人数
change-details = 打球者信息
booking-in-progress = 您已有一个进行中的预订。继续，还是重新开始？重新开始会释放所有保留。
cancel-done = 预订已取消。请使用 /book 重新开始。
cancel-released = 预订已取消，保留已释放。请使用 /book 重新开始。
cancel-nothing = 没有可取消的预订。请使用 /book 开始预订。
cancel-already-paid = 此预订已付款，因此未作更改。请查看 /mybookings。
stuck-hint = 您想怎么做？
release-pending = 正在处理释放。请一分钟后再查看。
release-not-held = 此预订已没有可释放的保留。
release-group-flight = 此开球时间属于一个团组：团组只能整体取消，不能单独取消其中一个开球时间。
release-owned-by-move = 此开球时间是为一个待批准的更改保留的：更改被批准或取消，或保留到期时结束。未释放任何内容。

## My bookings
my-bookings-title = 我的预订
my-bookings-hint = 您最近的预订，按时间从新到旧排列。点击查看详情。
my-bookings-empty = 您还没有预订。
my-bookings-not-found = 未找到该预订。
my-bookings-stale = 无法连接合作方，状态可能不是最新的。
my-bookings-made = 预订于 { $when }
my-bookings-shared = 由预订人与您共享（只读）。
status-label = { $state ->
    [intent] 准备中
    [reserving] 正在保留
    [held] 已保留（未付款）
    [reserve_failed] 未预订
    [reserve_unknown] 结果未知
    [confirming] 确认中
    [paid] 已确认并付款
    [releasing] 释放中
    [released] 已释放
    [refunding] 退款中
    [refunded] 已退款
   *[other] { $state }
    }

## Notifications
notify-expired = ⏳ 您在 { $course } { $date } { $time } 的保留未能按时确认，已被释放。
notify-paid = ✅ 好消息：您在 { $course } { $date } { $time } 的预订已确认（代码 { $code }）。
notify-released = 您在 { $course } { $date } { $time } 的保留已释放。
notify-reserve-unknown = ⚠️ 我们无法确定在 { $course } { $date } { $time } 是否已保留。未产生任何扣款。请使用 /book 重新预订。
notify-reserve-released = ⚠️ 在 { $course } { $date } { $time } 保留的过程被中断，因此已释放。未产生任何扣款。请使用 /book 重新预订。
notify-refunded = 您在 { $course } { $date } { $time } 的预订已退款（代码 { $code }）。

## Partner errors
partner-error-generic = 预订服务返回了错误。请重试。
partner-error-auth = 预订服务拒绝了我们的凭证。需要管理员处理；请稍后再试。
partner-error-not-found = 预订服务中已没有此项目。请重新选择。
partner-error-conflict = 在预订当前的状态下无法执行此操作。列表已刷新。
partner-error-slot-unavailable = 该开球时间已不可预订。
partner-error-validation = 预订服务不接受这些信息。请检查打球者信息。
partner-error-persons-out-of-range = 此开球时间不允许该人数。请重新选择。
partner-error-insufficient-credit = 合作方账户目前余额不足。
partner-error-rate-limited = 预订服务繁忙。请稍后再试。
partner-error-unavailable = 预订服务暂时没有响应。请稍后再试。
partner-error-outcome-unknown = 预订服务的回复丢失；我们正在核实情况。
partner-error-invalid-response = 预订服务发来了无法读取的回复。请稍后再试。

## Access: links and offers
stranger-explain =
    您好！fairway 为我们的销售代理及其客户预订高尔夫开球时间。
    如需使用，请向您的 fairway 代理索取个人链接并打开，或请管理员将您添加为代理。
stranger-short = 此机器人仅供 fairway 代理及其客户使用。请向您的代理索取链接。
customer-welcome = 欢迎您，{ $name }！您的代理邀请您预订开球时间。我们一起来找吧。
link-refused-unknown = 此链接无效。请向发送链接的代理核实。
link-refused-revoked = 此链接已被发送它的代理撤回。
link-refused-expired = 此链接已过期。请向您的代理索取新链接。
link-refused-used-up = 此链接的使用次数已达上限。请向您的代理索取新链接。
link-refused-still-customer = 您仍可通过之前邀请您的代理使用 /book 预订。
link-refused-agent-removed = 发送此链接的代理已不再通过 fairway 销售。请联系旅行社。
access-ended-agent-removed = 邀请您的代理已不再通过 fairway 销售，因此通过该代理的新预订已关闭。您的预订仍在 /mybookings 中。如需再次预订，请联系旅行社。
access-ended-link-revoked = 您加入时使用的链接已被代理撤回，因此通过该链接的新预订已关闭。您的预订仍在 /mybookings 中。请向您的代理索取新链接。
hold-refused-stranger = 只有 fairway 的代理及其客户可以预订。请向您的代理索取链接。
hold-refused-agent-removed = { access-ended-agent-removed }
hold-refused-link-revoked = { access-ended-link-revoked }
hold-refused-other-agent = 此开球时间由另一位代理提供。您需通过邀请您的代理预订：请联系他们，或使用 /book。
hold-refused-course = 您的链接仅限一个球场，因此无法用它预订此开球时间。请选择您所属球场的开球时间。
hold-refused-too-many-holds = 您已有 { $max } 个等待付款的保留。请在 /mybookings 中为其中一个付款或取消，然后再预订这个。
offer-refused-unknown = 此优惠无效。请向发送它的代理索取新的优惠。
offer-refused-expired = 此优惠已结束：开球时间已过。
offer-refused-used-up = 此优惠的打开人数已达上限。请向代理索取新的优惠。
offer-gone = 所提供的开球时间刚刚被订走。当天最近的空闲时间：{ $times }
offer-gone-none = 所提供的开球时间刚刚被订走，当天没有其他空闲时间。请选择其他日期。

## Reminders
reminder-hours = { $hours } 小时
reminder-minutes = { $minutes } 分钟
reminder-title = 提醒：您将在 { $before }后开球
reminder-btn-booking = 📋 我的预订
reminder-btn-cancel = ✋ 申请取消
reminder-btn-map = 📍 地图

## Cancellation requests, notices, the golfer's copy
btn-request-cancellation = 🙋 申请取消
btn-send-to-golfer = 📨 发送给打球者
cancel-request-not-paid = 只有已付款且开球时间未到的预订才能取消。
cancel-request-exists = 此预订的取消申请已在等待管理员处理。
cancel-request-move-open = 此预订的更改正在等待批准：请先取消更改（或等待答复），然后再申请取消。
cancel-request-reason = 您为什么要取消？请简短输入原因，或点击<b>跳过</b>。/cancel 将在此中止，不发送任何内容。
cancel-request-skip = 跳过
cancel-request-sent = 📨 您对 <code>{ $code }</code> 的取消申请已发送给管理员。我们会告知您处理结果。在此之前预订保持有效。
cancel-request-dropped = 未发送取消申请。
cancel-request-approved = ✅ 您的取消申请已获批准：您在 { $course } { $date } { $time } 的预订（代码 { $code }）已取消并退款：{ $amount } 将退还给您。
cancel-request-declined = ✖️ 您对 { $course } { $date } { $time } 预订（代码 { $code }）的取消申请被拒绝。预订保持有效。
cancel-request-group-approved = ✅ 您的取消申请已获批准：您在 { $course } { $date } 的团组（自 { $time } 起共 { $flights } 个开球时间）已取消并退款。合作方已退还 { $amount }。
notify-admin-refunded = 管理员取消了您在 { $course } { $date } { $time } 的预订（代码 { $code }）并已退款：{ $amount } 将退还给您。
notify-admin-released = 管理员释放了您在 { $course } { $date } { $time } 的保留。未产生任何扣款。
notify-admin-group-refunded = 管理员取消了您在 { $course } { $date } 的团组（自 { $time } 起共 { $flights } 个开球时间）并已退款。合作方已退还 { $amount }。
admin-amount-unknown = 金额未注明
golfer-copy-link = 请将此链接发送给 <code>{ $code }</code> 的打球者。它只能由一人使用一次，有效期至开球时间：
    { $url }
golfer-copy-btn-share = 📤 分享
golfer-copy-share-text = 您的开球时间预订
golfer-copy-not-paid = 只有已付款且开球时间未到的预订才能发送给打球者。
golfer-copy-claimed = ⛳ 此预订现已在您的 /mybookings 中（只读）。
golfer-copy-btn-view = 📋 查看预订
golfer-copy-unknown = 此链接无效。
golfer-copy-used = 此链接已被他人使用。请向预订人索取新链接。
golfer-copy-expired = 此链接已过期（开球时间已过）。
golfer-copy-own = 这是您自己的预订：请把链接发送给打球者。
golfer-copy-again = 还没有人打开此链接，所以仍是之前那个。打球者打开后，再次点击 📨 发送给打球者 即可获得下一个。
golfer-copy-all-used = 此预订的 { $limit } 个打球者链接都已被打开：每个预订每位打球者一个链接。

## Paying
pay-prepaid = 预付：果岭费 { $amount }（{ $players } × { $each }）
pay-at-course = 在球场支付：{ $caddy }；如使用，另付球车费和球童小费
pay-at-course-caddy = 球童每人 { $price }
pay-at-course-caddy-free = 含球童
pay-at-course-caddy-unknown = 球童费按球场标准收取
pay-held-until = 请在 { $time } 前付款（{ $minutes } 分钟）：开球时间保留至那时。
pay-btn-pay = 💳 使用 PromptPay 付款
pay-btn-request = 💳 付款请求（二维码）
pay-panel-closed = 💳 请用手机银行扫描下方二维码，然后将转账凭证的照片发到这里。
pay-booking-line = ⛳ { $course } · { $date } { $time } · { $players } 人
pay-group-line = ⛳ { $course } · { $date } { $times } · { $players } 人，共 { $flights } 个开球时间
pay-title = 通过 PromptPay 支付 { $amount }
pay-to = 收款方 { $payee } · 参考号 <code>{ $reference }</code>
pay-deadline = ⏳ 请在 { $time } 前付款：开球时间保留至那时。
pay-send-slip = 然后将转账凭证的照片发到这里。代理核对后，您的预订即刻确认。
pay-btn-cancel = ✖ 取消此预订
pay-slip-already-confirmed = 您的预订已确认：无需再付款。
pay-slip-late-customer = ⚠️ 您的开球时间保留已于 { $time } 结束，早于凭证送达，因此无法预订。您的代理已收到凭证，将退还您的款项（或与您重新预订）。
pay-slip-received = 🧾 谢谢：您的凭证（{ $amount }）已交给代理。付款核实后，您的预订即刻确认。
pay-slip-verified = ✅ 您的 { $amount } 转账已经银行核实。预订已确认，收据随后发送。
pay-slip-check-refused = ⚠️ 无法接受此凭证：{ $why }
    请在银行应用中核对转账并发送正确的凭证，或等待已收到此凭证的代理。
pay-slip-check-retrying = ⏳ 谢谢：您的银行尚未确认 { $amount } 的转账。我们将在约 { $minutes } 分钟后自动再次核实，无需重新发送凭证。您的代理也已收到。
pay-check-why-amount-mismatch = 转账金额不是 { $amount }。
pay-check-why-payee-mismatch = 款项转入了二维码以外的账户。
pay-check-why-duplicate = 这笔转账已被用于付款。
pay-check-why-not-a-slip = 这张图片不是转账凭证（没有凭证二维码）。
pay-check-why-no-such-transfer = 银行查无此笔转账。
pay-check-why-too-old = 这笔转账早于本预订的付款请求。
pay-slip-too-large = 📎 图片太大，无法自动读取其中的二维码，代理将人工核对凭证。下次请发送凭证截图或较小的照片。
pay-slip-limit = 📎 此笔付款的凭证已交给代理（最多 { $limit } 张），因此这张未再转发。请等待代理核实付款；如有问题或代理要求新的凭证，请直接联系您的代理。
pay-not-yours = 这个按钮不属于您。
pay-rejected-customer = ⚠️ 您的代理未收到 { $amount }（参考号 <code>{ $reference }</code>）。如果您已付款，请重新发送凭证或联系代理。
pay-expired-customer = ⚠️ 您的开球时间保留在付款确认前已结束，因此无法预订。您的代理将退还您的款项或与您重新预订。
pay-expired-slip-customer = 您支付的 { $amount }（参考号 <code>{ $reference }</code>）已到达代理，但在保留于 { $time } 结束前未获批准，因此未完成预订。您的代理将退还您的款项。
pay-approved-not-booked-customer = ⚠️ 您支付的 { $amount }（参考号 <code>{ $reference }</code>）已获批准，但在保留结束前未能在球场系统中确认开球时间，因此未完成预订。您的代理将退还您的款项。
pay-cancel-checking = 您的代理正在核对凭证：请让代理为您取消。
pay-cancelled = ✖ 已取消：开球时间已释放，未产生任何扣款。
pay-cancelled-group = ✖ 已取消：团组的开球时间已释放，未产生任何扣款。
pay-cancel-refused-paid = 您的付款已获批准，预订已确认（代码 { $code }）：无法在此取消。如需取消，请使用 /mybookings。
pay-cancel-refused-approved = 您的付款已获批准，预订正在确认中：无法在此取消。代理会告知您最终结果。
pay-cancel-refused-to-return = 您的付款已获批准，但未能完成预订：您的代理将退还您的款项。
pay-cancel-refused-ended = 此付款已结束：不再为它保留任何内容。

## Groups
players-group-hint = 超过 { $max } 人？请在下方选择团组人数（👥）：fairway 会为团组推荐相邻的开球时间。
group-title = { $players } 人，共 { $flights } 个开球时间
group-flight = { $n }. 🕒 { $time } · { $players } 人 · { $amount }
group-total = 合计 { $amount }
group-paid-total = 已付 { $amount }
group-hint = 调整开球时间或人数分配后继续：整个团组只需一次保留、一次付款。
group-players = { $players } 人 · { $flights } 个开球时间
group-none = 当天无法将 { $players } 人安排在相邻的开球时间内（间隔不超过 { $gap } 分钟）。请选择其他开球时间、日期，或减少人数。
group-moved = 您选择的开球时间无法开始一个团组；最近的团组从 { $time } 开始。
group-placing = 正在保留团组的开球时间…
group-hold-failed = 无法保留 { $time } 的开球时间，因此团组的其他保留也已取消：未产生任何扣款。最近的空闲时间：{ $alternatives }。以下是新的方案。
group-hold-unknown = 合作方的回复丢失，我们无法确定 { $time } 的开球时间是否已保留，因此已释放团组的其他保留：未产生任何扣款。最近的空闲时间：{ $alternatives }。以下是新的方案。
group-held-title = 您的 { $flights } 个开球时间已保留
group-confirmed-title = 团组已预订：{ $flights } 个开球时间
group-confirmed-footer = 下方的日历文件包含团组的所有开球时间。祝您打球愉快！
group-outcome-partial = 付款中途停止：{ $flights } 个开球时间中有 { $paid } 个已预订并付款；其余已释放。
group-outcome-unknown = 我们无法确定其中一笔付款是否成功；目前 { $flights } 个开球时间中有 { $paid } 个已付款，其余尚未确认的已释放。我们会发消息告知结果。
group-outcome-expired = 团组付款前保留已结束：{ $flights } 个开球时间中有 { $paid } 个已付款。
group-outcome-released = 团组的保留已释放：{ $flights } 个开球时间中有 { $paid } 个已付款。
flight-title = 开球时间 { $n }：换个时间
flight-hint = 与团组其他开球时间相隔 { $gap } 分钟以内的空闲开球时间：
flight-none = 这里没有其他合适的空闲开球时间（与团组其他开球时间相隔 { $gap } 分钟以内）。请返回保留当前这个。
split-title = { $players } 人如何分组？
split-hint = 每个开球时间的人数，按时间顺序。
golfers-title = 其他打球者的姓名（可选）
golfers-hint = 最多输入 { $count } 个姓名，每行一个或用逗号分隔；它们会随开球时间一并发送。或点击跳过。
golfers-too-many = 请输入 1 至 { $count } 个姓名，每行一个，或点击跳过。
flight-paid = ✅ 已付款
flight-held = ⏳ 已保留
flight-checking = ❓ 核实中
flight-released = ✖️ 已释放
flight-refunded = ↩️ 已退款
btn-move-flight = 🕒 { $n }：{ $time }
btn-change-split = 👥 修改分组
btn-group-continue = 继续 ▶️
btn-skip-golfers = 跳过
btn-confirm-group = ✅ 确认并支付全部 { $flights } 个
btn-request-group-cancellation = ✖️ 申请取消团组
group-status = { $state ->
    [paid] 👥 团组已确认并付款
    [partial] 👥 团组部分付款
    [held] 👥 团组已保留（未付款）
    [busy] 👥 团组预订中
    [refunded] 👥 团组已退款
   *[released] 👥 团组已释放
    }
group-flight-of = 团组中的开球时间 { $n }：点“返回”查看整个团组。
ics-group-summary = { $course } 开球时间 { $n }/{ $flights }
ics-group-caption = 📅 将 { $date } 的 { $flights } 个开球时间加入日历
notify-group-paid = ✅ 好消息：您在 { $course } { $date } 的团组已确认，所有开球时间均已付款（{ $amount }）：
    { $lines }
notify-group-partial = ⚠️ 您在 { $course } { $date } 的团组仅部分付款：{ $flights } 个开球时间中有 { $paid } 个已预订（{ $amount }）；其余已释放：
    { $lines }
notify-group-expired = ⏳ 您在 { $course } { $date } 的团组保留未能按时确认，已被释放。未产生任何扣款。
    { $lines }
notify-group-released = ⚠️ 您在 { $course } { $date } 的团组保留已释放：fairway 在保留或释放过程中被中断，现已处理完毕。未产生任何扣款。如仍需要这些开球时间，请使用 /book 重新预订。
    { $lines }

## Sandbox demo
sandbox-mark = 🧪 沙盒演示 — 并非真实预订

## Find a tee time (/find, plain words)
menu-find = 🔎 查找开球时间
find-title = 🔎 查找开球时间
find-criteria = 📅 { $dates } · 🕐 { $window } · 👥 { $players } 人 · 📍 { $area } · 💰 { $price }
find-today = 今天
find-tomorrow = 明天
find-weekend = 本周末
find-weekend-dates = { $from } 和 { $to }
find-window-any = 任意时间
find-area-any = 任意地区
find-area-near = 我的位置附近
find-price-any = 任意价格
find-price-max = 最高 { $price }
find-read-as = 理解为：<i>{ $text }</i>
find-count = { $courses } 个球场共 { $hits } 个开球时间
find-sorted-earliest = 最早优先
find-sorted-cheapest = 最便宜优先
find-sorted-nearest = 最近优先
find-line = { $n }. <b>{ $time }</b> { $course } — 每人 { $price } × { $players } 人 = <b>{ $total }</b>{ $extra }
find-caddy-free = · 含球童
find-caddy-price = · 球童 { $price }，在球场支付
find-km = · { $km } 公里
find-page = 第 { $page } 页，共 { $pages } 页
find-none = 在搜索的 { $courses } 个球场中没有符合条件的。请放宽一个条件：
find-no-courses = 该地区没有符合的球场。请在下方选择其他地区。
find-failed = ⚠️ { $courses } 没有回复：其开球时间未显示。请稍后再试。
find-unavailable = ⚠️ 球场列表暂时不可用。请点击下方的条件重试。
find-expired = 此搜索已过期。请发送 /find 重新搜索。
find-btn-earliest = 最早
find-btn-cheapest = 最便宜
find-btn-nearest = 最近
find-btn-date = 📅 日期
find-btn-window = 🕐 时间
find-btn-players = 👥 人数
find-btn-area = 📍 地区
find-btn-price = 💰 价格
find-btn-near = 📍 某个位置附近…
find-btn-share-location = 📍 分享我的位置
find-relax-window = 🕐 任意时间
find-relax-area = 📍 任意地区
find-relax-price = 💰 任意价格
find-relax-date = 📅 { $date }
find-choose-date = 请选择日期：
find-choose-window = 请选择时段：
find-choose-players = 几位打球？
find-choose-area = 请选择地区：
find-choose-price = 每人最高价格：
find-share-location = 请分享一个位置（📎 菜单或下方按钮）：我会列出其 50 公里内的球场。
find-location-set = 正在该位置附近搜索。
find-btn-calendar = 📆 其他日期…
find-horizon-beyond = ⚠️ 开球时间提前 { $days } 天开售：最多可搜索到 { $last }。尚未开售：{ $dates }。
find-horizon-past = ⚠️ 已经过去：{ $dates }。开球时间可从今天搜索到 { $last }（提前 { $days } 天）。
find-horizon-partly = ℹ️ 开球时间最多可搜索到 { $last }（提前 { $days } 天）；未包括：{ $dates }。
find-line-group = { $n }. <b>{ $time }</b> { $course } — { $flights } 个开球时间（{ $split }）= <b>{ $total }</b>{ $extra }

## Watches: tell me when a tee time opens (/watches)
find-btn-watch = 🔔 有空位时通知我
slot-btn-watch = 🔔 有空位时通知我
watch-criteria = 📅 { $dates } · 🕐 { $window } · 👥 { $players } · 📍 { $place } · 💰 { $price }
watch-players = { $players } 人
watch-players-any = 人数不限
watch-created =
    我在为您留意：{ $what }
    一有符合的开球时间空出，我会马上发消息给您。/watches 列出您的所有提醒。
watch-exists =
    您已在留意：{ $what }
    /watches 列出您的所有提醒。
watch-limit = 您已在留意 { $limit } 个搜索，已达上限。请在 /watches 中停止一个再添加。
watch-date-passed = 该日期已过。请用 /find 重新搜索。
watch-not-on-sale = 该日期尚未开售：开球时间提前 { $days } 天开售，最多到 { $last }。请留意此前的日期：用 /find 重新搜索。
watch-list-title = 🔔 您的提醒（{ $count }/{ $limit }）
watch-list-empty = 您没有在留意任何开球时间。当 /find 结果太少，或 /book 中某球场当天已满时，点击 🔔 有空位时通知我。
watch-list-ended = 最近结束：
watch-state-waiting = 👀 留意中 · 即将首次检查
watch-state-not-on-sale = 👀 留意中 · 从 { $date } 开售起开始检查
watch-state-checked = 👀 留意中 · 上次检查 { $time }
watch-state-failing = ⚠️ 合作方没有回应；稍后再次检查
watch-state-stopped = 已停止
watch-state-ended = 已结束：日期已过
watch-alerted = 已通知 { $alerts } 个开球时间
watch-btn-stop-n = 🛑 停止 { $n }
watch-btn-stop = 🛑 停止留意
watch-stopped = 已停止：此搜索不再发送提醒。
watch-not-active = 此提醒已结束。
watch-alert-title = 刚刚空出 { $count } 个开球时间
watch-alert-price = 每人 { $price } × { $players } 人 = <b>{ $total }</b>
watch-alert-price-each = 每人 { $price }
watch-alert-more = …还有 { $more } 个：/find 可查看全部。
watch-alert-hint = 点击“预订”：我会确认开球时间仍有空位，并直接进入打球者信息填写。
watch-btn-book = 📅 预订：{ $time } { $course }
watch-alert-invalid = 此提醒已失效。
watch-gone = 该开球时间又被订走了。
watch-gone-watching = 该开球时间又被订走了。我会继续留意，有其他空位时通知您。
watch-over-price = 该开球时间现在的价格超过了此提醒的最高价格。
watch-over-price-watching = 该开球时间现在的价格超过了此提醒的最高价格。我会继续留意，有其他空位时通知您。

## Tee sheet
tee-sheet-button = 🗓 开球表
tee-sheet-menu = 开球表
tee-sheet-expired = 该开球表的选择已过期。请打开开球表，再次点击开球时间。

## E-voucher (src/vouchers/)
voucher-title = 电子凭证
voucher-date = 日期
voucher-time = 开球时间
voucher-players = 人数
voucher-players-count = { $players } 人
voucher-lead = 主订球员
voucher-code = 预订编号
voucher-flights = 开球时间
voucher-flight = { $time } · { $players } 人 · { $code }
voucher-money = 付款
voucher-scan = 扫码查验此凭证
voucher-agency = 通过 { $agency } 预订：{ $contact }
voucher-caption = 🎫 这是您在 { $course } 的电子凭证，可转发给球员；扫描二维码即可查看是否仍然有效。
voucher-check-title = 凭证查验
voucher-check-valid = 有效
voucher-check-valid-detail = 此开球时间已付款并预订。
voucher-check-void = 无效
voucher-check-void-detail = 此预订已取消，此凭证不再有效。
voucher-check-moved = 已改期
voucher-check-moved-detail = 此预订已改到另一开球时间，此凭证不再有效。请向预订人索取新的凭证。
voucher-check-pending = 尚未确认
voucher-check-pending-detail = 此预订尚未确认，请联系旅行社。
voucher-check-partial = 部分有效
voucher-check-partial-detail = 部分开球时间已取消，仅标为有效的仍然有效。
voucher-check-flight-valid = 有效
voucher-check-flight-void = 无效

## Moving a booking: what its customer hears, and the new calendar file
move-customer-done = 🔁 您的开球时间已更改：{ $course }，{ $date } { $time }，{ $players } 人 — 预订编号 { $newCode }。新的电子凭证和日历文件随后发送，原有的已失效。
move-customer-kept = 开球时间 { $code } 未能更改：您的预订保持不变。
move-customer-stranded = ⚠️ 您的开球时间 { $code } 已取消，但未能预订新的开球时间。您的代理将与您联系，重新预订或退还您的款项。
move-ics-caption = 📅 新的开球时间日历文件：将替换原有日程。
btn-move = 🔁 改到其他开球时间
move-pick-date = 🔁 更改 { $code } · { $course }：请选择新的日期。
move-pick-time = 🔁 更改 { $code } · { $course }，{ $date }：请选择新的开球时间。
move-pick-none = { $date } { $code } 所在球场没有可预订的开球时间，请选择其他日期。
move-pick-players = 🔁 更改 { $code } · { $course }，{ $date } { $time }。人数（目前 { $was } 人）：
move-btn-hold = 🔁 保留这个开球时间
move-slot-gone = 该开球时间刚刚被预订或已关闭，请选择其他时间。
move-btn-course = ⛳ 其他球场
move-pick-course = 🔁 更改 { $code }：请选择球场。
move-course-gone = 目前无法选择该球场，请选择其他球场。
move-tee-time-course = { $course } · { $date } { $time } · { $players } 人 · { $amount }
move-holding = 正在保留新的开球时间…
move-customer-dearer = 该开球时间比您的预订更贵。如需更改，请联系您的代理，由代理处理差价。
move-customer-costs-less = 新的开球时间便宜 { $amount }：差价由您的代理退还。
move-customer-pay = 如需更改，请使用下方二维码通过 PromptPay 支付差价。
move-pay-send-slip = 然后请在此发送转账凭证的照片。您的代理确认后，更改将提交给管理员审批。
move-customer-paid = ✅ 已收到您为更改 { $code } 支付的 { $amount }。更改正在等待管理员审批。
move-customer-pay-return = 您支付的差价 { $amount } 将由您的代理退还。
move-not-yours = 只有预订人、其代理和管理员可以更改此预订。
move-not-paid = 预订 { $code } 尚未付款：只有已付款的预订可以更改。
move-open = 预订 { $code } 已有一个正在处理的更改。
move-cancel-requested = 预订 { $code } 的取消申请正在等待管理员处理：在决定之前不能更改。
move-started = 预订 { $code } 的开球时间已经开始：已开始的球局不能更改。
move-title = 🔁 更改 { $code } · { $customer }
move-old = 当前：
move-new = 更改为：
move-tee-time = { $date } { $time } · { $players } 人 · { $amount }
move-same-price = 价格相同。
move-costs-more = 新的开球时间贵 { $amount }。
move-held-until = 新的开球时间保留至 { $time }（{ $minutes } 分钟）。
move-btn-keep = ✖️ 保留原预订
move-sent-to-admins = 已提交管理员审批。
move-working = 正在更改…
move-not-held = 未能保留新的开球时间：没有任何更改。
move-decided = { $code } 的更改已处理。
move-too-late = { $code } 的更改已取消：开球时间在批准前已开始。未退款，新的开球时间已释放。
move-pending = 尚未收到关于 { $code } 的答复，系统会再次查询并完成更改。
move-retrying = { $code } 的新开球时间 { $newCode } 尚未付款成功，保留期间会再次尝试。
move-held = 已为 { $code } 保留新的开球时间。

# Trips: a round booked when its day goes on sale
trip-opened-customer = ⛳ 您在 { $date } 于 { $course } 的一轮已预订：开球时间 { $time }，{ $players } 人。电子凭证随后发送。
trip-ics-round = ⛳ { $course } — 共 { $rounds } 轮中的第 { $n } 轮
trip-ics-booked = 已预订，{ $players } 人。
trip-ics-quoted = 计划 { $players } 人：开球时间将在该日开放预订时（提前35天）确认。
trip-ics-cancelled = 已取消。
trip-ics-lines = 您的行程还包括：
    { $lines }
trip-balance-soon = 🔔 您的行程尾款 { $amount } 应于 { $due } 前支付（参考号 { $reference }）。请通过 PromptPay 付款并将转账凭证发送到这里，或联系您的代理。
trip-balance-today = 🔔 您的行程尾款 { $amount } 今天（{ $due }）到期（参考号 { $reference }）。请通过 PromptPay 付款并将转账凭证发送到这里，或联系您的代理。
trip-itinerary-title = 行程安排
trip-itinerary-party = { $lead } · { $players } 位球员
trip-itinerary-booked = 已预订 · { $players } 人
trip-itinerary-planned = 计划中 · 开球时间在该日开放预订时确认
trip-itinerary-cancelled = 已取消
trip-itinerary-lines = 另含
trip-itinerary-caption = 🗺 您的行程安排：可转发给同行球友。每轮预订后将发送各自的电子凭证。
# trips
trip-not-found = 无法在此打开此行程。
trip-only = 您的链接仅适用于一个行程：请用 /trips 查看。
hold-refused-trip-only = 您的链接仅适用于一个行程：各轮球场由您的代理为您预订。
trip-quote-title = ⛳ <b>您的高尔夫行程</b> · { $lead } · { $players } 位球员
trip-quote-round = { $date } { $time } · { $course } · { $players } 人 · { $price }
trip-quote-total = <b>合计：{ $total }</b>
trip-quote-schedule = 接受时支付定金 { $deposit }；尾款 { $balance } 请于 { $due } 前支付。
trip-quote-pay-all = 接受时需支付全款 { $total }。
trip-quote-ladder-title = <b>如需取消</b>
trip-quote-ladder-step = 首轮开球前 { $days } 天或更早：退还行程价格的 { $percent }%
trip-quote-ladder-rest = 之后：不予退款。
trip-quote-state = { $state ->
    [accepted] ✅ 您已接受此行程，请支付定金。
    [deposit_paid] ✅ 已收到定金。
    [paid] ✅ 已全额付款。
    [completed] 已完成。
    [cancelled] 此行程已取消。
   *[other] 此报价目前无法接受。
  }
trip-btn-accept = ✅ 接受此行程
trip-accepted = 谢谢，行程已确认。定金 { $amount } 今天到期。
trip-pay-agent-tells = 您的代理会告知付款方式。
trip-pay-what = { $kind ->
    [deposit] 高尔夫行程定金
   *[other] 高尔夫行程尾款，{ $due } 前支付
  }
trip-pay-send-slip = 然后请将转账凭证的照片发到这里，您的代理核对后会确认。
trip-slip-received = 🧾 谢谢，您的凭证（{ $amount }）已交给您的代理，核对后会确认付款。
trip-slip-rejected = 您的代理未找到 { $amount } 的付款。请核对后重新发送凭证，或联系您的代理。
trip-deposit-approved = ✅ 已收到定金 { $amount }，正在为您预订各轮球场。
trip-balance-approved = ✅ 已收到尾款 { $amount }，您的行程已全额付清。
trip-ics-caption = 📅 将行程中的各轮加入日历：之后收到的文件会更新这些日程。
# receipts and tax invoices
btn-receipt = 🧾 收据
receipt-sending = 正在发送 PDF…
receipt-unpaid = 预订付款后才会开具收据。
receipt-caption = 🧾 预订 { $code } 的收据 { $number }
btn-tax-invoice = 🧾 税务发票
tax-invoice-not-registered = 本代理未登记增值税，因此不开具税务发票。本次付款的凭证是收据。
tax-invoice-busy = 请先完成（或 /cancel）正在进行的预订，然后再申请税务发票。
tax-invoice-intro = 🧾 完整税务发票需写明购买方。共四个问题，发送 /cancel 可停止。
tax-invoice-ask-name = 购买方名称（公司登记名称或个人全名）:
tax-invoice-ask-address = 购买方的登记地址:
tax-invoice-ask-tax-id = 购买方的纳税人识别号（13位，可含横线或空格）:
tax-invoice-tax-id-invalid = 纳税人识别号无效：必须是13位且最后一位校验码正确。请重新输入，名称和地址已保留。
tax-invoice-ask-branch = 总公司还是分公司？请点“总公司”，或输入分公司编号（最多5位）。
tax-invoice-head-office = 🏢 总公司
tax-invoice-branch-invalid = 分公司编号最多5位（例如 00001）。请重新输入，或点“总公司”。
tax-invoice-too-long = 请不要超过 { $max } 个字符，重新输入。
tax-invoice-caption = 🧾 预订 { $code } 的税务发票 { $number }
tax-invoice-issued = ✅ 已开具税务发票 { $number }，PDF 随后发送。
credit-note-caption = 🧾 预订 { $code } 的减额凭证 { $number }（参照税务发票 { $invoice }）
# when the course changes the plan
course-ended-customer = ⛳ <b>球场已取消您的开球时间</b>
    { $course },{ $date } { $time }(编号 { $code })
    { $owes ->
        [yes] 应退还您的金额为 { $owed },将由您的代理退还给您。
       *[no] 您的代理将与您联系。
    }
    行程变更给您带来不便,我们深表歉意。
course-moved-customer = ⛳ <b>球场已更改您的开球时间</b>
    { $course }:现为 { $date } { $time }(原为 { $fromDate } { $fromTime }),编号 { $code }。
voucher-check-course-cancelled = 已被球场取消
voucher-check-course-cancelled-detail = 球场已取消此开球时间，此凭证不再有效。退款或其他开球时间请咨询为您预订的人。
voucher-check-flight-course-cancelled = 已被球场取消
# hold warning
pay-hold-warning = 您的开球时间仅保留至 { $time }（还剩 { $minutes } 分钟），我们尚未收到您的付款。请立即用下方二维码付款并发送转账凭证，否则保留将失效。
pay-hold-warning-slip = 您的开球时间仅保留至 { $time }（还剩 { $minutes } 分钟），您的转账凭证仍在核对中。如果您尚未付款，请立即用下方二维码付款。

# Trips: cancelling
trip-cancelled-customer = 您的行程（{ $reference }）已取消。{ $refund } 将退还给您，您的代理会为您办理。
# trip receipts
trip-receipt-caption = 🧾 高尔夫行程 { $reference } { $kind ->
    [deposit] 定金
   *[other] 尾款
  }收据 { $number }
trip-receipt-unpaid = 该笔行程付款获批后才会开具收据。

# move difference receipts
move-receipt-caption = 🧾 改订至预订 { $code } 所付差价的收据 { $number }
move-receipt-unpaid = 您为此次改订支付的差价获批后才会开具收据。
# 球场取消的行程轮次
course-ended-trip = 🧳 此轮属于您的行程 { $reference }：本轮费用 { $price } 已从行程费用中扣除。
course-ended-trip-balance = 剩余尾款现为 { $balance }。
# A trip owns its rounds' bookings (bookings/ownership.ts)
error-trip-owns = 🧳 此预订是行程中的一轮，费用由行程统一管理，因此未做任何操作。请通过行程（/trips）更改或取消。
move-trip-round = 预订 { $code } 是行程中的一轮，不能单独更改。如需更改行程，请联系管理员。

# trips: editing a trip
trip-quote-changing = ✏️ 您的代理正在修改此报价。代理重新发送后，您即可接受。

# trip quote picture
trip-quote-image-title = 高尔夫行程报价单
trip-quote-image-agent = 您的代理：{ $agent }
trip-quote-image-players = { $players } 位球员
trip-quote-image-tbc = 开球时间在当天开放预订时确认
trip-quote-image-total = 合计
trip-quote-image-schedule = 付款安排
trip-quote-image-deposit = 订金，接受时支付
trip-quote-image-deposit-due = 订金，{ $due } 前支付
trip-quote-image-balance = 尾款，{ $due } 前支付
trip-quote-image-pay-all = 全款，接受时支付
trip-quote-image-pay-all-due = 全款，{ $due } 前支付
trip-quote-image-ladder = 如需取消
trip-quote-image-accept = 如何接受：在电报中打开代理发给您的链接，然后点击“接受此行程”。
trip-quote-image-caption = 🧾 您的行程报价单图片，可转发给同行球友。请用报价下方的按钮接受。
trip-quote-image-failed = 暂时无法生成图片，请稍后再试。

# trip tax invoices and credit notes
trip-tax-invoice-caption = 🧾 高尔夫行程 { $reference } { $kind ->
    [deposit] 定金
   *[other] 尾款
  }税务发票 { $number }
trip-tax-invoice-unpaid = 该笔行程付款获批后才会开具税务发票。
tax-invoice-same-buyer = 🧾 本行程的税务发票 { $number } 开给:
    <b>{ $name }</b>
    { $address }
    纳税人识别号 { $taxId } · { $office }
    这张也开给同一买方吗？
tax-invoice-same-buyer-yes = ✅ 同一买方
tax-invoice-same-buyer-no = ✏️ 其他买方
tax-invoice-branch-no = 分公司 { $branch }
trip-credit-note-caption = 🧾 高尔夫行程 { $reference } 的减额凭证 { $number }（参照税务发票 { $invoice }）

## Trip slips checked by the slip-check service (features/trips/slip-check.ts)
trip-slip-verified = ✅ 您的 { $amount } 转账已经银行核实。
trip-slip-check-refused = ⚠️ 此凭证不能用于支付您的行程：{ $why }
    请发送向二维码账户转账 { $amount } 的凭证，或联系同样收到此凭证的代理。
trip-check-why-too-old = 这笔转账早于本次付款请求。
# trips in /mybookings
my-trips-title = 🗺 行程
my-trips-row = 🗺 <b>{ $lead }</b> · { $dates }
    总额 { $total } · 已付 { $paid } · 待付 { $due }
