## Meta
locale-code = en

## Menu and general
welcome =
    Hello { $name }! ⛳ I book golf tee times at courses across Thailand.
    Tap <b>Book a tee time</b> to start, or use /book at any time. /cancel stops a booking.
menu-book = ⛳ Book a tee time
menu-my-bookings = 📋 My bookings
# The languages /language offers: customers (and strangers) all five, staff Thai and English.
menu-language = 🌐 ไทย / English / 한국어 / 日本語 / 中文
menu-language-staff = 🌐 ภาษาไทย / English
fallback-hint = I didn't understand that. Choose what you'd like to do:
private-only = Please talk to me in a private chat to book tee times.
error-generic = Sorry, something went wrong on our side. Nothing was charged by this error. Please try again, or start over with /book.
error-not-allowed = ⛔ That is not yours to do, so nothing was done and nothing was charged. /mybookings shows your own bookings; for anything else, ask your agent or the agency.
error-database-busy = ⏳ fairway is busy — please try again in a moment.
error-move-open = 🔁 A move of this booking is open: nothing was done. Approve or call off the move first (or wait for its hold to end), then try again.
menu-expired = This menu has expired. Use /book to start again.
menu-expired-released = This booking has expired, so its hold was released. Use /book to start again.
earlier-hold-released = Your earlier hold that was not confirmed has been released.
use-buttons-hint = Please use the buttons above, or /cancel to stop.
input-commands-hint = Please type your answer, use the buttons above, or /cancel to stop.

## Language
language-choose = Choose your language:
language-set = Language set to English.

## Buttons
btn-back = ‹ Back
btn-back-summary = ‹ Back to the summary
btn-cancel = ✖ Cancel
btn-prev = ‹ Prev
btn-next = Next ›
btn-refresh = 🔄 Refresh
btn-pick-date = 📅 Choose a date
btn-location = 📍 Location
btn-photo = 📷 Photo
btn-other-date = 📅 Another date
btn-new-customer = ➕ New customer
btn-keep = Keep: { $value }
btn-share-contact = 📱 Share my number
btn-confirm = ✅ Confirm and pay
btn-change = ✏️ Change
btn-try-again = 🔄 Try again
btn-resume = ▶️ Resume
btn-start-over = 🔁 Start over
btn-release = 🗑 Release this hold
btn-release-group = 🗑 Release the whole group

## Booking: course
course-title = Choose a golf course
course-from-weekday = Weekdays from { $price }
course-from-weekend = Weekends from { $price }
course-hours = Open: { $hours }
course-photo-unavailable = The course photo can't be shown right now.
course-location-unavailable = The course location can't be shown right now.

## Booking: date
date-title = { $course }: choose a date
date-hint = Dates are in the course's local time. • marks today.

## Booking: tee time
slot-title = { $course } · { $date }
slot-hint = { $count ->
    [one] One tee time available
   *[other] { $count } tee times available
    } ({ $types }). Times are local to the course; prices are per player.
slot-none = No tee times are available that day.
slot-none-suggest = No tee times are available that day. These dates have some:
slot-none-part = No tee times in this part of the day. Choose another filter.
part-all = All
part-morning = Morning
part-midday = Midday
part-afternoon = Afternoon
price-type = { $type ->
    [WEEKDAY] weekday price
    [WEEKEND] weekend price
    [HOLIDAY] holiday price
   *[other] { $type }
    }

## Booking: players
players-title = How many players?
players-slot = Tee time { $time }, { $date } · { $price } per player
players-range = This tee time takes { $min } to { $max } players.
caddy-free = Caddy included
caddy-price = Caddy { $price } per player, paid at the course

## Booking: golfer details
customer-title = Who is playing?
customer-hint = Reuse a recent customer, or add a new one. You can also just type the customer's full name.
name-title = Customer's full name
name-hint = Type the name as it should appear on the booking, e.g. Somchai Jaidee.
email-title = Customer's e-mail
email-hint = Type an e-mail address for the booking confirmation, e.g. name@example.com.
mobile-title = Customer's mobile number
mobile-hint = Type a mobile number, e.g. 081-234-5678 or +66 81 234 5678.
mobile-share-hint = If you are the golfer, you can share your own number with the button below.
reply-keyboard-done = ✓ Got it.
mobile-share-prompt = Or share your own number:
name-too-short = That name is too short. Please type the full name (at least 2 letters).
name-too-long = That name is too long for the booking. Please shorten it (at most 80 letters), for example by leaving out a middle name.
name-invalid = A name can contain letters, spaces, dots, apostrophes and hyphens only. Please type it again.
invalid-name-characters = That name contains hidden or control characters. Please type it again.
email-invalid = That doesn't look like an e-mail address. Please check it, e.g. name@example.com.
mobile-invalid = That doesn't look like a phone number. Please type a Thai mobile like 081-234-5678, or an international number starting with +.
mobile-not-mobile = That looks like a landline. Please give a mobile number so the course can reach the golfer.

## Booking: hold and confirm
hold-placing = Placing a hold on this tee time…
hold-busy = The hold is still being placed. Please try again in a moment.
hold-slot-taken = Sorry, that tee time was just taken. Here is the updated list.
hold-unknown = We could not tell whether the partner placed the hold, because its answer was lost. Nothing has been charged, and our team has been notified. Your details are kept: choose a tee time to try again.
hold-expired = Your hold has ended, so the tee time was released. Please choose a tee time again.
held-title = Your tee time is on hold
held-until = Held until { $time } ({ $minutes ->
    [one] 1 minute
   *[other] { $minutes } minutes
    } left). Confirm to pay for it.
summary-players = { $count ->
    [one] 1 player
   *[other] { $count } players
    }
summary-amount = Total { $amount }
summary-code = Reservation code { $code }
summary-txno = Transaction no. { $txno }
confirm-working = Confirming and paying…
confirm-insufficient = The partner account doesn't have enough credit to pay for this booking right now. Your hold and your choices are kept: try again after the account is topped up, or cancel.
confirm-busy = This booking is already being confirmed. Tap Try again to see the result.
confirm-unknown = We could not tell whether the payment went through, because the partner's answer was lost. We are checking with the partner and will send you a message with the result. Please don't book this tee time again meanwhile.
confirmed-title = Booking confirmed
confirmed-footer = The calendar file below adds the tee time to your calendar. Have a great round!
ics-summary = Tee time at { $course }
ics-description = Reservation code { $code }, { $players ->
    [one] 1 player
   *[other] { $players } players
    }. Booked with fairway.
ics-caption = 📅 Add to calendar

## Booking: change and cancel
change-title = What would you like to change?
change-hint = Changing releases the current hold; your other choices are kept.
change-course = Course
change-date = Date
change-time = Tee time
change-players = Players
change-details = Golfer details
booking-in-progress = You already have a booking in progress. Resume it, or start over? Starting over releases any hold.
cancel-done = Booking cancelled. Use /book to start again.
cancel-released = Booking cancelled and the hold released. Use /book to start again.
cancel-nothing = There is no booking to cancel. Use /book to start one.
cancel-already-paid = This booking was already paid, so it was not changed. See /mybookings.
stuck-hint = What would you like to do?
release-pending = The release is being processed. Check again in a minute.
release-not-held = This booking no longer has a hold to release.
release-group-flight = This tee time is part of a group: a group is cancelled as a whole, never one tee time alone.
release-owned-by-move = This tee time is held for a move waiting for approval: it ends when the move is approved or called off, or when its hold ends. Nothing was released.

## My bookings
my-bookings-title = My bookings
my-bookings-hint = Your recent bookings, newest first. Tap one for details.
my-bookings-empty = You have no bookings yet.
my-bookings-not-found = That booking was not found.
my-bookings-stale = The partner could not be reached, so statuses may be out of date.
my-bookings-made = Booked { $when }
status-label = { $state ->
    [intent] Being prepared
    [reserving] Placing hold
    [held] On hold (unpaid)
    [reserve_failed] Not booked
    [reserve_unknown] Outcome unknown
    [confirming] Being confirmed
    [paid] Confirmed and paid
    [releasing] Being released
    [released] Released
    [refunding] Being refunded
    [refunded] Refunded
   *[other] { $state }
    }

## Notifications
notify-expired = ⏳ Your hold at { $course } on { $date } at { $time } was not confirmed in time and has been released.
notify-paid = ✅ Good news: your booking at { $course } on { $date } at { $time } is confirmed (code { $code }).
notify-released = Your hold at { $course } on { $date } at { $time } has been released.
notify-reserve-unknown = ⚠️ We could not tell whether a hold was placed at { $course } on { $date } at { $time }. Nothing was charged. Please book again with /book.
notify-reserve-released = ⚠️ Placing your hold at { $course } on { $date } at { $time } was interrupted, so it has been released. Nothing was charged. Please book again with /book.
notify-refunded = Your booking at { $course } on { $date } at { $time } was refunded (code { $code }).

## Partner errors
partner-error-generic = The booking service returned an error. Please try again.
partner-error-auth = The booking service refused our credentials. An administrator has to fix this; please try again later.
partner-error-not-found = The booking service no longer knows this item. Please choose again.
partner-error-conflict = That can't be done in the booking's current state. The list has been refreshed.
partner-error-slot-unavailable = That tee time is no longer available.
partner-error-validation = The booking service did not accept these details. Please check the golfer's details.
partner-error-persons-out-of-range = That number of players isn't allowed for this tee time. Please choose again.
partner-error-insufficient-credit = The partner account doesn't have enough credit right now.
partner-error-rate-limited = The booking service is busy. Please try again in a moment.
partner-error-unavailable = The booking service is not responding right now. Please try again in a moment.
partner-error-outcome-unknown = The booking service's answer was lost; we are checking what happened.
partner-error-invalid-response = The booking service sent an answer we could not read. Please try again in a moment.

## Access and customer links
stranger-explain =
    Hello! fairway books golf tee times for our sales agents and their customers.
    To use it, ask your fairway agent for a personal link and open it, or ask an administrator to add you as an agent.
stranger-short = This bot is for fairway agents and their customers. Ask your agent for a link.
customer-welcome = Welcome { $name }! Your agent invited you to book a tee time. Let's find one.
link-own-role = This is a customer link. You are already an agent here, so you can book directly.
link-refused-unknown = This link is not valid. Please check it with the agent who sent it.
link-refused-revoked = This link has been withdrawn by the agent who sent it.
link-refused-expired = This link has expired. Please ask your agent for a new one.
link-refused-used-up = This link has already been used as many times as allowed. Please ask your agent for a new one.
link-refused-still-customer = You can still book with /book through the agent who invited you before.
link-refused-agent-removed = The agent who sent this link no longer sells through fairway. Please contact the agency.
access-ended-agent-removed = The agent who invited you no longer sells through fairway, so new bookings through them are closed. Your bookings stay in /mybookings. Please contact the agency to book again.
access-ended-link-revoked = Your agent has withdrawn the link you joined with, so new bookings through it are closed. Your bookings stay in /mybookings. Please ask your agent for a new link.
hold-refused-stranger = Only fairway's agents and their customers can book. Ask your agent for a link.
hold-refused-agent-removed = { access-ended-agent-removed }
hold-refused-link-revoked = { access-ended-link-revoked }
hold-refused-other-agent = This tee time was offered by another agent. You book through the agent who invited you: ask them, or use /book.
hold-refused-course = Your link is for one course only, so this tee time cannot be booked with it. Choose a tee time at your course.
hold-refused-too-many-holds = You already have { $max } tee times on hold waiting for payment. Pay for one or cancel it in /mybookings, then book this one.
links-agents-only = Customer links are for agents.
link-builder-title = New customer link
link-builder-hint = Choose the course, how many customers may use it, and how long it stays valid. Then create it.
link-any-course = Any course
link-pick-course = Which course should the link open?
link-uses = { $count ->
    [one] 1 customer
   *[other] { $count } customers
    }
link-uses-unlimited = Unlimited
link-days = { $count ->
    [one] 1 day
   *[other] { $count } days
    }
link-expiry-never = Never expires
link-create = ✅ Create link
link-created = Your customer link is ready. Send it to your customer:
link-share = 📤 Share link
link-share-text = Book your tee time with me on fairway:
link-revoke = 🚫 Revoke this link
link-revoke-n = 🚫 { $n }
link-revoked = Link revoked.
link-revoked-customers = { $n ->
    [0] Nobody had joined through it.
    [one] The customer who joined through it can no longer start a booking; what they have booked stands. Send them a new link to let them book again.
   *[other] The { $n } customers who joined through it can no longer start a booking; what they have booked stands. Send them a new link to let them book again.
}
link-not-revoked = That link was not revoked (already revoked, or not yours).
links-title = Your customer links
links-empty = You have no customer links yet. Create one with /link.
link-uses-count = used { $used } of { $max }
link-uses-count-unlimited = used { $used } times
link-expires = until { $when }
link-state-active = ✅ Active
link-state-revoked = 🚫 Revoked
link-state-ended = ⌛ Ended
notify-agent-booking = 🎉 Your customer { $customer } booked { $course } on { $date } at { $time }: { $players ->
    [one] 1 player
   *[other] { $players } players
    }, { $amount }, code { $code }.
notify-low-balance = ⚠️ Partner credit is low: { $balance } left (alert threshold { $threshold }). Please top up to keep bookings going.

## Admin
admin-only = This command is for administrators.
admin-button-invalid = This button is no longer valid.
admin-actor-system = fairway (automatic)
admin-direct = direct
admin-agent = agent { $id }
admin-more = …and { $count } more
admin-players = { $count ->
    [one] 1 player
   *[other] { $count } players
    }
admin-amount-unknown = amount not stated
admin-partner-unreachable = The partner could not be reached, so this may be out of date.
admin-unknown = No reservation <code>{ $ref }</code> is known to fairway or to the partner.
admin-not-fairway = Reservation <code>{ $ref }</code> was not made through fairway, so it can't be changed here. /order { $ref } shows it.
admin-busy = Booking <code>{ $ref }</code> is { $status } right now: a partner call is in progress. Try again in a minute.
admin-owned-by-move = Not done: <code>{ $ref }</code> has a move that is not over. Decline the move on its card first (or wait for it to end), then try again — a refund never races a move.
admin-balance = Partner credit: <b>{ $amount }</b> (read { $time }, { $date })
admin-balance-failed = Could not read the partner credit: { $error }
admin-refund-usage = Usage: <code>/refund &lt;reservation id or code&gt;</code>
admin-refund-held = Not refunded: <code>{ $ref }</code> is on hold and not paid, so there is nothing to refund. Release it instead with <code>/release { $ref }</code>.
admin-refund-already = <code>{ $ref }</code> has already been refunded ({ $amount }).
admin-refund-not-paid = Not refunded: <code>{ $ref }</code> was never paid (status: { $status }).
admin-refund-confirm-title = Refund this booking?
admin-refund-policy = The partner refunds by its contract policy: the amount credited back may be less than the amount paid.
admin-btn-confirm-refund = ✅ Confirm refund
admin-btn-cancel = ✖ Cancel
admin-refund-working = Refunding…
admin-refund-cancelled = Refund cancelled. Nothing was changed.
admin-refund-done = ✅ <code>{ $ref }</code> refunded: the partner credited back <b>{ $refunded }</b> of { $paid } paid (partner status { $status }).
admin-refund-failed = ❌ The partner did not refund <code>{ $ref }</code>: { $error } The booking is now: { $status }.
admin-refund-unknown = ⚠️ The partner's answer about the refund of <code>{ $ref }</code> was lost. fairway will check the reservation; see <code>/order { $ref }</code> in a minute.
admin-release-usage = Usage: <code>/release &lt;reservation id or code&gt;</code>
admin-release-paid = Not released: <code>{ $ref }</code> is paid. Refund it instead with <code>/refund { $ref }</code>.
admin-release-not-held = Not released: <code>{ $ref }</code> has no unpaid hold (status: { $status }).
admin-release-group-flight = Not released: <code>{ $ref }</code> is a tee time of a group, and a group is cancelled as a whole, never one tee time alone: by its booker in /mybookings, or when its hold ends.
admin-release-done = ✅ The hold <code>{ $ref }</code> has been released at the partner.
admin-release-pending = ⏳ The release of <code>{ $ref }</code> did not complete yet; fairway will finish it shortly.
admin-order-usage = Usage: <code>/order &lt;reservation id or code&gt;</code>
admin-order-title = Reservation { $ref }
admin-order-status = Status: { $status } · partner: { $partner }
admin-order-ids = Reservation id <code>{ $id }</code> · transaction <code>{ $tx }</code> · ledger <code>{ $booking }</code>
admin-order-invoice = Partner invoice <code>{ $invoice }</code>
admin-order-who = Credited to: { $agent } · booked by user <code>{ $user }</code>
admin-order-made = Made: { $time }
admin-order-hold = Hold until: { $time }
admin-order-paid = Paid: { $time }
admin-order-refunded = Refunded: { $amount } at { $time }
admin-order-release-reason = Release reason: { $reason }
admin-order-history = History
admin-order-foreign-title = Reservation { $ref } (read only)
admin-order-foreign-note = This reservation was not made through fairway: it is shown as the partner has it and cannot be changed here.
admin-bookings-title-recent = Latest bookings
admin-bookings-title-today = Bookings made today
admin-bookings-title-week = Bookings made in the last 7 days
admin-bookings-title-agent = Latest bookings of agent { $agent }
admin-bookings-usage = Usage: <code>/bookings</code>, <code>/bookings today</code>, <code>/bookings week</code> or <code>/bookings &lt;agent id&gt;</code>
admin-bookings-empty = No bookings.
admin-bookings-group = 👥 tee time { $n } of a group of { $flights }
admin-report-usage = Usage: <code>/report &lt;from&gt; &lt;to&gt;</code> with dates as YYYY-MM-DD (Thailand time, both days included, at most { $days } days), e.g. <code>/report 2026-11-01 2026-11-30</code>
admin-report-title = Report { $from } – { $to }
admin-report-row = { $who }: { $paid } paid { $paidAmount } · { $refunded } refunded { $refundedAmount } · net <b>{ $net }</b>
admin-report-total = Total
admin-report-empty = No paid bookings in this period.
admin-report-caption = The same report as CSV (amounts in baht).
admin-report-bookings-caption = Each paid booking of the report, with the partner's invoice id, as CSV (amounts in baht).
admin-report-groups = { $groups ->
    [one] 1 group
   *[other] { $groups } groups
    }
report-group-line = 👥 { $when } · { $course } · { $customer }: { $flights ->
    [one] 1 tee time
   *[other] { $flights } tee times
    } ({ $codes }) · { $amount }
admin-agents-title = Agents
admin-agents-none = No agents yet.
admin-agents-from-config = from AGENT_IDS
admin-agents-added = added by { $by }, { $time }
admin-agents-usage = Add: <code>/agents add &lt;Telegram user id&gt; [name]</code> · Remove: <code>/agents remove &lt;Telegram user id&gt;</code>
admin-agents-is-admin = { $id } is an administrator and can already do everything an agent can.
admin-agents-exists = { $id } is already an agent.
admin-agents-added-done = ✅ { $id }{ $name } is now an agent. Their command menu has been updated.
admin-agents-config = { $id } is an agent from AGENT_IDS and can only be removed there (then restart fairway).
admin-agents-unknown = { $id } is not an agent added here.
admin-agents-removed = ✅ { $id } is no longer an agent. Their links and offer cards no longer admit anyone, their customers can no longer start bookings (they are told to contact the agency), and what concerns those customers now comes to the admins. Their command menu has been updated.
admin-audit-title = Audit log: latest partner calls that move money
admin-audit-title-booking = Audit log of { $ref }
admin-audit-unknown = No booking <code>{ $ref }</code> in fairway's ledger.
admin-audit-empty = Nothing recorded yet.

## Command menu
cmd-start = Start: what this bot can do
cmd-help = Help
cmd-language = Language: ไทย / English / 한국어 / 日本語 / 中文
cmd-language-staff = ภาษาไทย / English
cmd-book = Book a tee time
cmd-mybookings = My bookings
cmd-link = Create a customer link
cmd-links = My customer links
cmd-cancel = Stop the current booking
cmd-balance = Partner credit
cmd-order = A reservation and its history
cmd-refund = Refund a paid reservation
cmd-release = Release an unpaid hold
cmd-bookings = Recent bookings
cmd-report = Report per agent (with CSV)
cmd-agents = List, add or remove agents
cmd-audit = Audit log of money-moving actions

## After the booking: reminders and the admins' digest
cmd-digest = Daily digest on or off
reminder-hours = { $hours ->
    [one] 1 hour
   *[other] { $hours } hours
    }
reminder-minutes = { $minutes ->
    [one] 1 minute
   *[other] { $minutes } minutes
    }
reminder-title = Reminder: you tee off in { $before }
reminder-btn-booking = 📋 My booking
reminder-btn-cancel = ✋ Request cancellation
reminder-btn-map = 📍 Map
reminder-agent = ⏰ Your customer { $customer } tees off in { $before }: { $course }, { $date } at { $time }, code { $code }.
reminder-agent-group = ⏰ Your customer { $customer }'s group tees off in { $before }: { $course }, { $date } at { $times }, codes { $codes }.
digest-title = Daily digest for { $date }
digest-paid = Bookings paid: { $count } · revenue { $amount }
digest-groups = Groups: { $groups } ({ $flights } of the tee times paid)
digest-refunded = Refunds: { $count } · { $amount }
digest-released = Holds released: { $count }
digest-cancel-requests = Cancellation requests waiting: { $count }
digest-balance = Partner credit now: { $balance }
digest-balance-unavailable = Partner credit: could not be read just now
digest-footer = The CSV follows. Turn this digest off with <code>/digest off</code>.
digest-turned-on = ✅ You will get the daily digest.
digest-turned-off = ✅ You will no longer get the daily digest. <code>/digest on</code> turns it back on.
digest-is-on = The daily digest is on for you.
digest-is-off = The daily digest is off for you.
digest-usage = <code>/digest on</code> or <code>/digest off</code>
## After the booking: cancellation requests, the golfer's copy, notices
cmd-requests = Pending cancellation requests
btn-request-cancellation = 🙋 Request cancellation
btn-send-to-golfer = 📨 Send to golfer
my-bookings-shared = Shared with you by the booker (read-only).
cancel-request-not-paid = Only a paid booking whose tee time is still ahead can be cancelled.
cancel-request-exists = A cancellation request for this booking is already waiting for an administrator.
cancel-request-move-open = A move of this booking is waiting for approval: call the move off first (or wait for its answer), then ask to cancel.
cancel-request-reason = Why do you want to cancel? Type a short reason, or tap <b>Skip</b>. /cancel stops here, nothing is sent.
cancel-request-skip = Skip
cancel-request-sent = 📨 Your cancellation request for <code>{ $code }</code> was sent to the administrators. You will be told their answer. The booking stands until then.
cancel-request-dropped = No cancellation request was sent.
cancel-request-card-title = Cancellation request
cancel-request-card-by = 🙋 Asked by <code>{ $id }</code> ({ $relation ->
    [booker] the booker
    [agent] the agent credited with it
   *[golfer] the golfer who has its copy
    })
cancel-request-card-reason = 💬 Reason: { $reason }
cancel-request-card-no-reason = 💬 No reason given.
cancel-request-btn-approve = ✅ Approve refund
cancel-request-btn-decline = ✖️ Decline
cancel-request-declining = Declining…
cancel-request-decided = This request was already { $state ->
    [approved] approved
    [declined] declined
    [deciding] being decided
   *[closed] closed
    } (by { $by }). Nothing was changed.
cancel-request-closed = Nothing refunded: <code>{ $ref }</code> is no longer paid (status: { $status }); it was handled another way. The request is closed.
cancel-request-approved-admin = ✅ Approved: the partner credited back <b>{ $amount }</b> of { $paid } paid. The requester has been told.
cancel-request-declined-admin = ✖️ Declined. The requester has been told; the booking stands.
cancel-request-none = No cancellation requests are waiting.
cancel-request-list = { $count ->
    [one] One cancellation request is waiting:
   *[other] { $count } cancellation requests are waiting (the oldest { $shown } below):
    }
cancel-request-approved = ✅ Your cancellation request was approved: the booking at { $course } on { $date } at { $time } (code { $code }) is cancelled and refunded: { $amount } comes back to you.
cancel-request-declined = ✖️ Your cancellation request for the booking at { $course } on { $date } at { $time } (code { $code }) was declined. The booking stands.
notify-admin-refunded = An administrator cancelled your booking at { $course } on { $date } at { $time } (code { $code }) and refunded it: { $amount } comes back to you.
notify-admin-released = An administrator released your hold at { $course } on { $date } at { $time }. Nothing was charged.
golfer-copy-link = Send this link to the golfer of <code>{ $code }</code>. It works once, for one person, until the tee time:
    { $url }
golfer-copy-btn-share = 📤 Share
golfer-copy-share-text = Your tee time booking
golfer-copy-not-paid = Only a paid booking whose tee time is still ahead can be sent to a golfer.
golfer-copy-claimed = ⛳ This booking is now in your /mybookings (read-only).
golfer-copy-btn-view = 📋 See the booking
golfer-copy-claimed-agent = 📨 { $golfer } opened the golfer's copy of your booking at { $course } on { $date } at { $time } (code { $code }).
golfer-copy-unknown = This link is not valid.
golfer-copy-used = This link was already used by someone else. Ask the person who booked for a new one.
golfer-copy-expired = This link has expired (the tee time has passed).
golfer-copy-own = This is your own booking: send the link to the golfer instead.
golfer-copy-again = Nobody has opened this link yet, so it is the same one as before. Once a golfer opens it, tap 📨 Send to golfer again for the next one.
golfer-copy-all-used = { $limit ->
    [one] This booking's golfer's link has been opened already: a booking has one link per player.
   *[other] All { $limit } golfer's links of this booking have been opened: a booking has one link per player.
    }

## Inline offers (@bot in any chat)
cmd-offers = My inline offers: opened and booked
inline-agents-only = Offers are for fairway agents: open fairway
inline-type-course = Type a course name, e.g. riverside tomorrow
inline-no-course = No course matches: open fairway
inline-no-tee-times = No open tee times that day
inline-date-out-of-range = That date cannot be booked
inline-partner-unavailable = Tee times cannot be read right now
inline-slow-down = Too many searches: wait a moment
inline-result-title = { $time } · { $course }
inline-result-description = { $date } · { $price } per player · { $min }–{ $max } players
offer-card = ⛳ <b>{ $course }</b>
    📅 { $date } · { $time }
    💰 { $price } per player · { $min }–{ $max } players

    Tap the button to book this tee time with fairway.
inline-group-title = 👥 { $from }–{ $to } · { $course }
inline-group-description = { $date } · { $flights } tee times ({ $split }) · { $total } in all
offer-card-group = 👥 <b>{ $course }</b>
    📅 { $date } · { $times }
    🏌️ { $players } players over { $flights } tee times ({ $split })
    💰 { $total } in all

    Tap the button and choose { $players } players to book these tee times with fairway.
offer-book-button = Book this tee time
offer-book-group-button = Book these tee times
offer-refused-unknown = This offer is not valid. Please ask the agent who sent it for a new one.
offer-refused-expired = This offer has ended: its tee time has passed.
offer-refused-used-up = This offer has been opened by as many people as it allows. Please ask the agent for a new one.
offer-gone = The offered tee time has just been taken. Nearest open times that day: { $times }
offer-gone-none = The offered tee time has just been taken, and nothing else is open that day. Pick another date.
notify-offer-booked = 🎉 Your offer was booked: { $customer } booked { $course } on { $date } at { $time }: { $players ->
    [one] 1 player
   *[other] { $players } players
    }, { $amount }, code { $code }.
offers-title = Your offers
offers-empty = No offers yet. Type @{ $bot } and a course name in any chat to post one.
offers-line = { $n }. { $course } · { $date } { $time } · posted { $posted } · opened { $opened } · booked { $booked }
offers-agents-only = Offers are for agents.
# Abuse control and rate limits
flood-notice = You are sending messages faster than I can answer; I skipped some. Please wait a moment, then go on.
busy-toast = ⏳ fairway is busy right now: your answer is on its way

## Find a tee time (/find, plain words)
menu-find = 🔎 Find a tee time
find-title = 🔎 Find a tee time
find-criteria = 📅 { $dates } · 🕐 { $window } · 👥 { $players ->
    [one] 1 player
   *[other] { $players } players
} · 📍 { $area } · 💰 { $price }
find-today = Today
find-tomorrow = Tomorrow
find-weekend = This weekend
find-weekend-dates = { $from } and { $to }
find-window-any = Any time
find-area-any = Anywhere
find-area-near = Near your location
find-price-any = Any price
find-price-max = up to { $price }
find-read-as = Read as: <i>{ $text }</i>
find-count = { $hits ->
    [one] 1 tee time
   *[other] { $hits } tee times
} at { $courses ->
    [one] 1 course
   *[other] { $courses } courses
}
find-sorted-earliest = earliest first
find-sorted-cheapest = cheapest first
find-sorted-nearest = nearest first
find-line = { $n }. <b>{ $time }</b> { $course } — { $price } × { $players } = <b>{ $total }</b>{ $extra }
find-caddy-free = · caddy included
find-caddy-price = · caddy { $price } at the course
find-km = · { $km } km
find-page = Page { $page } of { $pages }
find-none = Nothing matches at the { $courses } courses searched. Relax one criterion:
find-no-courses = No course matches this area. Choose another area below.
find-failed = ⚠️ No answer from { $courses }: their tee times are not shown. Try again in a moment.
find-unavailable = ⚠️ The course list is not available right now. Tap a criterion below to try again.
find-expired = This search has expired. Send /find for a new one.
find-btn-earliest = Earliest
find-btn-cheapest = Cheapest
find-btn-nearest = Nearest
find-btn-date = 📅 Date
find-btn-window = 🕐 Time
find-btn-players = 👥 Players
find-btn-area = 📍 Area
find-btn-price = 💰 Price
find-btn-near = 📍 Near a location…
find-btn-share-location = 📍 Share my location
find-relax-window = 🕐 Any time
find-relax-area = 📍 Anywhere
find-relax-price = 💰 Any price
find-relax-date = 📅 { $date }
find-choose-date = Choose the date:
find-choose-window = Choose the time of day:
find-choose-players = How many players?
find-choose-area = Choose the area:
find-choose-price = Top price per player:
find-share-location = Share a location (the 📎 menu, or the button below): I will list courses within 50 km of it.
find-location-set = Searching near that location.
find-btn-calendar = 📆 Another date…
find-horizon-beyond = ⚠️ Tee times go on sale { $days } days ahead: they can be searched up to { $last }. Not on sale yet: { $dates }.
find-horizon-past = ⚠️ Already past: { $dates }. Tee times can be searched from today up to { $last } ({ $days } days ahead).
find-horizon-partly = ℹ️ Tee times can be searched up to { $last } ({ $days } days ahead); left out: { $dates }.

## Watches: tell me when a tee time opens (/watches)
cmd-watches = Tee times I watch for
find-btn-watch = 🔔 Tell me when one opens
slot-btn-watch = 🔔 Tell me when one opens
watch-criteria = 📅 { $dates } · 🕐 { $window } · 👥 { $players } · 📍 { $place } · 💰 { $price }
watch-players = { $players ->
    [one] 1 player
   *[other] { $players } players
}
watch-players-any = any party
watch-created =
    I am watching for you: { $what }
    I will message you as soon as a matching tee time opens. /watches lists your watches.
watch-exists =
    You are already watching this: { $what }
    /watches lists your watches.
watch-limit = You are watching { $limit } searches, the most at once. Stop one in /watches to watch another.
watch-date-passed = That date has passed. Search again with /find.
watch-not-on-sale = That date is not on sale yet: tee times go on sale { $days } days ahead, up to { $last }. Watch a date up to then: search again with /find.
watch-list-title = 🔔 Your watches ({ $count } of { $limit })
watch-list-empty = You are not watching for any tee time. When /find finds too little, or a course's day in /book is sold out, tap 🔔 Tell me when one opens.
watch-list-ended = Ended lately:
watch-state-waiting = 👀 Watching · first check soon
watch-state-not-on-sale = 👀 Watching · checks start { $date }, when its tee times go on sale
watch-state-checked = 👀 Watching · last checked { $time }
watch-state-failing = ⚠️ The partner is not answering; checking again soon
watch-state-stopped = stopped
watch-state-ended = ended: its date is over
watch-alerted = { $alerts ->
    [one] 1 tee time alerted
   *[other] { $alerts } tee times alerted
}
watch-btn-stop-n = 🛑 Stop { $n }
watch-btn-stop = 🛑 Stop watching
watch-stopped = Stopped: no more alerts for this search.
watch-not-active = This watch has already ended.
watch-alert-title = { $count ->
    [one] A tee time just opened
   *[other] { $count } tee times just opened
}
watch-alert-price = { $price } × { $players } = <b>{ $total }</b>
watch-alert-price-each = { $price } per player
watch-alert-more = …and { $more } more: /find shows them all.
watch-alert-hint = Tap Book it: I check the tee time is still open and go straight to the golfer's details.
watch-btn-book = 📅 Book it: { $time } { $course }
watch-alert-invalid = This alert is no longer valid.
watch-gone = That tee time has been taken again.
watch-gone-watching = That tee time has been taken again. I am still watching and will tell you when another opens.
watch-over-price = That tee time now costs more than the top price of this watch.
watch-over-price-watching = That tee time now costs more than the top price of this watch. I am still watching and will tell you when another opens.
digest-watches = Watches: { $active } active · { $alerted ->
    [one] 1 tee time alerted
   *[other] { $alerted } tee times alerted
}

## Prices and payments
cmd-prices = Markups: what customers pay
prices-title = Selling prices
prices-no-markup = no markup (the partner's price)
prices-markup-percent = { $value } on the net price
prices-markup-per-player = { $amount } per player on the net price
prices-agency = Agency: <b>{ $markup }</b> ({ $source })
prices-rounding = Rounded up to { $baht } baht
prices-course-line = Course { $course }: { $markup }
prices-agent-line = Agent { $agent }: { $markup }
prices-source-env = from PRICE_MARKUP
prices-source-agency = set with /prices
prices-source-none = nothing set
prices-source-course = the course's override
prices-source-agent = the agent's override
prices-preview = Preview: { $course }, { $date } { $time } ({ $rule })
    Net <b>{ $net }</b> → customer pays <b>{ $selling }</b> per player · margin { $margin }
    { $players } players: { $partySelling } · margin { $partyMargin }
prices-preview-none = No open tee time in the next days to preview on.
prices-preview-unavailable = The partner could not be reached for a preview.
prices-course-unknown = No open course matches “{ $course }”.
prices-rounding-invalid = Rounding must be 1, 10, 50 or 100 (baht).
prices-rounding-set = Selling prices are now rounded up to { $baht } baht.
prices-agency-set = The agency's markup is now { $markup }.
prices-agency-default = The agency's markup is back to PRICE_MARKUP's.
prices-override-set = { $target } now sells at { $markup }.
prices-override-removed = { $target } has no override now.
prices-usage = Set: <code>/prices 15%</code> or <code>/prices 300</code> (baht per player) · <code>/prices none</code> · <code>/prices default</code> (PRICE_MARKUP) · <code>/prices round 10</code> (1, 10, 50 or 100) · <code>/prices course &lt;name&gt; 20%</code> or <code>off</code> · <code>/prices agent &lt;user id&gt; 10%</code> or <code>off</code> · <code>/prices preview &lt;course&gt;</code>. A course's override comes before an agent's, an agent's before the agency's.

## Groups: one party, several tee times
players-group-hint = More than { $max } players? Pick the party's size below (👥): fairway proposes tee times in a row for the group.
group-title = { $players } players over { $flights } tee times
group-flight = { $n }. 🕒 { $time } · { $players ->
    [one] 1 player
   *[other] { $players } players
    } · { $amount }
group-total = Total { $amount }
group-paid-total = Paid { $amount }
group-hint = Move a tee time or change how the players are split, then continue: one hold and one payment for the whole group.
group-players = { $players } players · { $flights ->
    [one] 1 tee time
   *[other] { $flights } tee times
    }
group-none = No { $players } players fit in tee times in a row on this day (at most { $gap } minutes apart). Choose another tee time or date, or a smaller party.
group-moved = The tee time you picked cannot start a group; the nearest group starts at { $time }.
group-placing = Placing holds on the group's tee times…
group-hold-failed = The { $time } tee time could not be held, so no hold was kept for the group: nothing was charged. Nearest open times: { $alternatives }. Here is a new proposal.
group-hold-unknown = We could not tell whether the partner held the { $time } tee time (its answer was lost), so the group's other holds were released: nothing was charged. Nearest open times: { $alternatives }. Here is a new proposal.
group-held-title = Your { $flights } tee times are on hold
group-confirmed-title = Group booked: { $flights } tee times
group-confirmed-footer = The calendar file below has every tee time of the group. Have a great round!
group-outcome-partial = The payment stopped midway: { $paid } of { $flights } tee times are booked and paid; the others were released.
group-outcome-unknown = We could not tell whether one payment went through; { $paid } of { $flights } tee times are paid so far, the others not yet confirmed were released. We will send you a message with the result.
group-outcome-expired = The holds ended before the group was paid: { $paid } of { $flights } tee times are paid.
group-outcome-released = The group's holds were released: { $paid } of { $flights } tee times are paid.
flight-title = Tee time { $n }: another time
flight-hint = Open tee times within { $gap } minutes of the group's other tee times:
flight-none = No other open tee time fits here (within { $gap } minutes of the group's other tee times). Go back to keep this one.
split-title = How should the { $players } players be split?
split-hint = Players per tee time, in order of the times.
golfers-title = Names of the other players (optional)
golfers-hint = Type up to { $count } names, one per line or separated by commas; they are sent with the tee times. Or tap Skip.
golfers-too-many = Please type between 1 and { $count } names, one per line, or tap Skip.
flight-paid = ✅ paid
flight-held = ⏳ on hold
flight-checking = ❓ being checked
flight-released = ✖️ released
flight-refunded = ↩️ refunded
btn-move-flight = 🕒 { $n }: { $time }
btn-change-split = 👥 Change the split
btn-group-continue = Continue ▶️
btn-skip-golfers = Skip
btn-confirm-group = ✅ Confirm and pay all { $flights }
btn-request-group-cancellation = ✖️ Request cancellation of the group
cancel-request-card-group = 👥 The whole group: { $flights } tee times, { $paid } paid. Approving refunds every paid one.
cancel-request-group-approved = ✅ Your cancellation request was approved: the group at { $course } on { $date } ({ $flights } tee times from { $time }) is cancelled and refunded. The partner credited back { $amount }.
admin-refund-group = This is tee time { $n } of a group of { $flights } ({ $paid } paid):
admin-btn-refund-group = ↩️ Refund the whole group ({ $paid } tee times)
admin-refund-group-none = Nothing to refund: no tee time of this group is paid now.
admin-refund-group-done = ✅ Group refunded: { $refunded } of { $flights } tee times now, the partner credited back <b>{ $amount }</b>.
admin-refund-group-failed = ⚠️ Not refunded: tee time { $flights } (see /audit); try /refund on its code again.
notify-admin-group-refunded = An administrator cancelled your group at { $course } on { $date } ({ $flights } tee times from { $time }) and refunded it. The partner credited back { $amount }.
group-status = { $state ->
    [paid] 👥 Group confirmed and paid
    [partial] 👥 Group partly paid
    [held] 👥 Group on hold (unpaid)
    [busy] 👥 Group being booked
    [refunded] 👥 Group refunded
   *[released] 👥 Group released
    }
group-flight-of = Tee time { $n } of a group: Back shows the whole group.
find-line-group = { $n }. <b>{ $time }</b> { $course } — { $flights } tee times ({ $split }) = <b>{ $total }</b>{ $extra }
ics-group-summary = Tee time { $n } of { $flights } at { $course }
ics-group-caption = 📅 Add the { $flights } tee times of { $date } to your calendar
notify-agent-group = 🎉 Your customer { $customer } booked a group at { $course } on { $date }: { $players } players, { $flights } tee times, { $amount }.
    { $lines }
notify-group-paid = ✅ Good news: your group at { $course } on { $date } is confirmed, every tee time paid ({ $amount }):
    { $lines }
notify-group-partial = ⚠️ Your group at { $course } on { $date } was only partly paid: { $paid } of { $flights } tee times are booked ({ $amount }); the others were released:
    { $lines }
notify-group-expired = ⏳ The holds of your group at { $course } on { $date } were not confirmed in time and have been released. Nothing was charged.
    { $lines }
notify-group-released = ⚠️ The holds of your group at { $course } on { $date } have been released: fairway was interrupted while holding or releasing them, and has finished. Nothing was charged. Book again with /book if you still need the tee times.
    { $lines }

## Tee sheet (the Mini App, src/mini-app/)
tee-sheet-button = 🗓 Tee sheet
tee-sheet-menu = Tee sheet
tee-sheet-expired = That tee sheet pick has expired. Open the tee sheet and tap the tee time again.
cmd-payments = Payments awaiting your word
cmd-promptpay = Your PromptPay ID (customers pay you)
pay-prepaid = Prepaid: green fee { $amount } ({ $players } × { $each })
pay-staff-money = Customer pays <b>{ $selling }</b> · net { $net } · margin { $margin }
pay-at-course = At the course: { $caddy }; a cart and the caddie's tip if you take them
pay-at-course-caddy = caddie { $price } per player
pay-at-course-caddy-free = caddie included
pay-at-course-caddy-unknown = caddie fee as the course charges
pay-held-until = Pay by { $time } ({ $minutes ->
    [one] 1 minute
   *[other] { $minutes } minutes
    }): the tee time is held until then.
pay-btn-pay = 💳 Pay with PromptPay
pay-btn-request = 💳 Payment request (QR)
pay-panel-closed = 💳 Scan the QR code below in your banking app, then send a photo of the transfer slip here.
pay-booking-line = ⛳ { $course } · { $date } { $time } · { $players ->
    [one] 1 player
   *[other] { $players } players
    }
pay-title = Pay { $amount } by PromptPay
pay-to = To { $payee } · reference <code>{ $reference }</code>
pay-request-forward = Forward this QR to your customer; when the money is in, tap “Mark paid”.
pay-deadline = ⏳ Please pay by { $time }: your tee time is held until then.
pay-send-slip = Then send a photo of the transfer slip here. Your booking is confirmed as soon as your agent has checked it.
pay-btn-cancel = ✖ Cancel this booking
pay-slip-title = Payment slip from { $customer }
pay-slip-late-title = Late payment slip from { $customer }
pay-slip-asked = Asked { $amount } (reference <code>{ $reference }</code>) · net { $net } · margin { $margin }
pay-slip-ref = Bank reference on the slip: <code>{ $ref }</code>
pay-slip-qr-not-read = <b>QR not read</b> ({ $why ->
    [no-qr] no slip QR in the image: cropped, edited or not a slip
    [too-large] the image is over the size fairway reads
   *[other] it could not be read just now
    }): no bank reference, so it was not checked against other slips' references (only the image itself was). Check the transfer in your bank app before you confirm.
pay-slip-reused = This slip's bank reference was already sent for booking <code>{ $code }</code>: it may be a re-used slip.
pay-slip-reused-image = { $by ->
    [file] This very slip image
   *[other] The same slip picture
    } was already sent for booking <code>{ $code }</code>: it may be a re-used slip.
pay-slip-late = The hold ended at { $time } (booking: { $state }) before this slip arrived, so nothing was booked. If { $amount } reached you, return it to the customer.
pay-slip-hold = Held until { $time }: check the money arrived, then confirm.
pay-btn-approve = ✅ Paid — confirm
pay-btn-reject = ✖ Not received
pay-btn-mark-paid = ✅ Mark paid
pay-slip-already-confirmed = Your booking is already confirmed: nothing more to pay.
pay-slip-late-customer = ⚠️ Your tee time's hold ended at { $time }, before your slip arrived, so it could not be booked. Your agent has your slip and will return your money (or book again with you).
pay-slip-received = 🧾 Thank you: your slip ({ $amount }) is with your agent. Your booking is confirmed as soon as they have checked the payment.
pay-slip-verified = ✅ Your transfer of { $amount } was verified with your bank. Your booking is confirmed: your receipt follows.
pay-slip-check-refused = ⚠️ Your slip could not be accepted: { $why }
    Check the transfer in your banking app and send the right slip, or wait for your agent, who has this one.
pay-slip-check-retrying = ⏳ Thank you: your bank has not confirmed the transfer of { $amount } yet. We check it again by ourselves in about { $minutes } min; no need to send the slip again. Your agent has it too.
pay-check-why-amount-mismatch = the amount transferred is not { $amount }.
pay-check-why-payee-mismatch = the money went to another account than the QR's.
pay-check-why-duplicate = this transfer was already used for a payment.
pay-check-why-not-a-slip = the picture is not a bank transfer slip (no slip QR code).
pay-check-why-no-such-transfer = the bank does not know this transfer.
pay-check-why-too-old = the transfer was made before this booking's payment was asked for.
pay-card-check-verified = ✅ Verified by the slip check ({ $provider }): booked, { $code }. No tap needed.
pay-card-check-refused = ⛔ The slip check ({ $provider }) refused it: { $why } The customer was told.
pay-card-check-undecided = ❔ The slip check ({ $provider }) could not decide ({ $why }): please check the transfer yourself.
pay-card-check-not-booked = ⚠️ The slip check ({ $provider }) verified the transfer, but it is not booked yet: see below.
pay-card-check-retrying = ⏳ The bank has not confirmed the transfer yet: the slip check ({ $provider }) asks again by itself in about { $minutes } min. You may check it yourself meanwhile.
pay-check-retry-result = 🧾 Slip of { $customer } (<code>{ $reference }</code>), checked again: { $line }
pay-slip-too-large = 📎 This image is too large for its QR code to be read automatically, so your agent will check the slip by eye. Next time, please send a screenshot of the slip or a smaller photo.
pay-slip-limit = 📎 Your agent already has the slips for this payment (at most { $limit }), so this one was not sent on. Please wait while they check the payment; if something is wrong or they ask for another slip, contact your agent directly.
pay-not-yours = This button is not yours.
pay-card-decided = Already decided: { $state } (by { $by }).
pay-card-rejected = ✖ Marked not received by { $who }. The customer was told; the hold stays until its end.
pay-rejected-customer = ⚠️ Your agent has not received { $amount } (reference <code>{ $reference }</code>). If you paid, send the slip again or contact your agent.
pay-card-expired = ⚠️ The hold had ended: nothing was booked or charged. Return { $amount } to the customer if it reached you.
pay-expired-customer = ⚠️ Your tee time's hold ended before the payment was confirmed, so it could not be booked. Your agent will return your money or book again with you.
pay-card-request-paid = ✅ Marked paid by { $who }.
pay-card-paid = ✅ Approved by { $who }: confirmed at the partner, code <code>{ $code }</code>. The customer has the receipt.
pay-card-confirm-failed = ⚠️ Approved, but the partner did not confirm: { $reason } fairway tries again every minute until the hold ends at { $time }; tap “Paid — confirm” to try now.
pay-cancel-checking = Your slip is being checked by your agent: ask them to cancel.
pay-cancelled = ✖ Cancelled: the tee time was released and nothing was charged.
pay-cancelled-group = ✖ Cancelled: the group's tee times were released and nothing was charged.
pay-group-line = ⛳ { $course } · { $date } { $times } · { $players } players over { $flights } tee times
pay-card-group-paid = ✅ Approved by { $who }: all { $flights } tee times confirmed at the partner. The customer has the receipt.
pay-card-group-partial = ⚠️ Approved by { $who }, but the partner's confirm stopped midway: { $paid } of { $flights } tee times are booked, the others were released. The customer was told which. Return { $give } (the tee times not booked) to the customer.
pay-card-group-busy = Already approved: the group is being confirmed at the partner.
pay-expired-slip-customer = Your payment of { $amount } (reference <code>{ $reference }</code>) reached your agent, but it was not approved before the hold ended at { $time }, so the booking was not made. Your agent will return your money.
pay-no-promptpay = No PromptPay ID is set: use /promptpay to set yours.
pay-staff-only = This command is for agents and administrators.
pay-list-empty = No payments are awaiting a decision.
pay-list-title = Payments awaiting a decision
pay-list-row = <code>{ $reference }</code> · { $customer } · { $amount } · { $state } · held until { $hold }
pay-state-pending = QR not shown yet
pay-state-awaiting = waiting for the slip
pay-state-submitted = slip received
pay-state-approved = approved
pay-state-rejected = not received
pay-state-expired = expired
pay-state-cancelled = cancelled
pay-state-to-return = approved, not booked: money to return
pay-state-returned = returned
pay-promptpay-own = Your customers pay your PromptPay ID <code>{ $id }</code>. <code>/promptpay off</code> goes back to the agency's.
pay-promptpay-agency = Your customers pay the agency's PromptPay ID <code>{ $id }</code>. Set your own with <code>/promptpay 0812345678</code>.
pay-promptpay-none = No PromptPay ID is set: customers' bookings are confirmed at once. Set yours with <code>/promptpay 0812345678</code>.
pay-promptpay-cleared = Your own PromptPay ID is removed.
pay-promptpay-invalid = That is not a PromptPay ID: a Thai mobile number (<code>0812345678</code>), a 13-digit citizen or tax ID, or a 15-digit e-wallet ID.
pay-refund-advice = The customer paid { $paid }; the partner credited back { $credited }. Return { $give } to the customer (fairway moves no customer money itself).
pay-refund-agent = { $customer }'s payment (reference <code>{ $reference }</code>) is refunded: the customer paid { $paid }; the partner credited back { $credited }. Return { $give } to the customer (fairway moves no customer money itself).
pay-expired-with-slip = The hold of { $customer }'s booking ended before its payment was approved, and their slip had arrived: nothing was booked. Return { $amount } (reference <code>{ $reference }</code>) to the customer if it reached you.
pay-approved-not-booked = ⚠️ { $customer }'s payment was approved, but the partner's confirm did not go through before the hold ended: nothing was booked. Return { $amount } (reference <code>{ $reference }</code>) to the customer, then mark it returned in /payments.
pay-approved-not-booked-customer = ⚠️ Your payment of { $amount } (reference <code>{ $reference }</code>) was approved, but the tee time could not be confirmed at the course's system before the hold ended, so nothing was booked. Your agent will return your money.
pay-btn-returned = ✓ Returned { $reference }
pay-returned-done = ✓ Marked returned: { $amount } (reference <code>{ $reference }</code>) to { $customer }, by { $who }.
pay-returned-already = Already marked returned.
pay-list-to-return = Money to return: tap a button once the customer has it back.
pay-list-more = … and { $count } more, shown once these are decided.
pay-owed-row = <code>{ $reference }</code> · { $customer } · { $amount } · { $why }
pay-owed-stranded = moved, the new tee time not booked: what they paid to return
pay-owed-difference = moved to a cheaper tee time: the difference to return
pay-owed-refund = refunded: the customer's share to return
pay-owed-trip = trip cancelled: what its cancellation ladder returns
pay-owed-outside = (paid outside fairway: check with the agent)
pay-cancel-refused-paid = Your payment was approved and the booking is confirmed (code { $code }): it cannot be cancelled here. To cancel it, use /mybookings.
pay-cancel-refused-approved = Your payment was approved and the booking is being confirmed: it cannot be cancelled here. Your agent will tell you how it ends.
pay-cancel-refused-to-return = Your payment was approved, but nothing could be booked: your agent will return your money.
pay-cancel-refused-ended = This payment has already ended: nothing is held for it any more.
pay-report-margin = customers paid { $selling } · margin <b>{ $margin }</b>
pay-digest-margin = Margin on them: { $margin }
pay-link-pay-first = 💳 Customers of this link pay first by PromptPay; the booking is confirmed once you approve their slip.
pay-link-at-once = ⚡ Customers of this link are confirmed at once, paid from the partner credit.
pay-link-btn-at-once = ⚡ Confirm at once instead
pay-link-btn-pay-first = 💳 Pay first instead

## Staff prices: what the customer pays, with the net beside it when a markup applies
price-with-net = { $price } · net { $net }
price-net-hint = Prices are what the customer pays; the net is in brackets.
find-net = · net { $net }

## Sandbox demo (ALLOW_SANDBOX_WITH_REAL_BOT=1): the first line of every message
sandbox-mark = 🧪 SANDBOX — not real bookings

## Moving a paid booking to another tee time (/move; agents and admins)
cmd-move = Move a booking to another tee time
move-usage = Move a paid booking: <code>/move CODE YYYY-MM-DD HH:MM [players]</code> — the new tee time on the same course, in the course's time. It is held at once; the old booking is refunded only after the approval.
move-not-yours = Moving this booking is for its booker, its agent and the administrators.
move-not-found = No booking of yours has the code { $code }.
move-not-paid = Booking { $code } is not paid: only a paid booking can be moved.
move-open = Booking { $code } already has a move waiting; approve, decline or let it end first.
move-cancel-requested = A cancellation of booking { $code } is waiting for an administrator: it is not moved until they decide.
move-started = Booking { $code }'s tee time has started: a round that has begun is not moved.
move-no-slot = That tee time is not open (or does not take that many players). Check /book for the open tee times.
move-title = 🔁 Move { $code } · { $customer }
move-old = Now:
move-new = New:
move-tee-time = { $date } { $time } · { $players } players · { $amount }
move-same-price = Same price.
move-costs-more = The new tee time costs { $amount } more.
move-costs-less = The new tee time costs { $amount } less: that is to be returned to the customer.
move-refund-policy = The old booking is refunded by the partner's contract policy: the amount credited back may be less than what was paid.
move-held-until = The new tee time is held until { $time } ({ $minutes } min).
move-btn-now = ✅ Move now
move-btn-keep = ✖️ Keep the old one
move-btn-approve = ✅ Approve the move
move-btn-decline = ✖️ Decline
move-sent-to-admins = Sent to the administrators for approval.
move-request-title = An agent asks to move a booking:
move-working = Moving…
move-done = 🔁 Moved: { $code } was refunded ({ $refunded } credited back) and the new tee time { $newCode } is paid ({ $paid }): { $course }, { $date } at { $time }, { $players ->
    [one] 1 player
   *[other] { $players } players
    }.
move-unwound = The partner refused the refund of { $code }: the booking stays as it was, and the new tee time was released.
move-retrying = { $code } was refunded, but the new tee time { $newCode } could not be paid yet; fairway tries again while it is held.
move-stranded = ⚠️ { $code } was refunded ({ $refunded } credited back), but the new tee time could not be booked before its hold ended: nothing is booked now. Book again, or return the customer's money.
move-pending = The partner's answer about { $code } did not arrive; fairway reads it again and finishes the move.
move-abandoned = The move of { $code } is off: the booking stays as it was, the new tee time was released.
move-decided = The move of { $code } was already decided.
move-too-late = The move of { $code } is off: its tee time started before the approval. Nothing was refunded; the new tee time was released.
move-not-held = The new tee time could not be held: nothing changed.
move-held = The new tee time for { $code } is held.
move-unpaid = The customer has not paid the difference for moving { $code } yet (or it was not approved): nothing was done. The move comes to the administrators once their payment is approved.
move-difference-paid = ✅ The customer paid the difference first: { $amount } (reference <code>{ $reference }</code>). Declined, it is returned to them.
move-pay-to-return = 💸 The customer paid { $amount } for the difference (reference <code>{ $reference }</code>): return it to them, then mark it returned in /payments.
move-done-return = 💸 The new tee time sells for { $amount } less: return that to the customer (the partner credited back { $refunded } for the old booking).
pay-card-move-approved = ✅ Approved by { $who }: the move goes to the administrators for approval.
pay-slip-asked-move = Asked { $amount } (reference <code>{ $reference }</code>): the difference for moving their booking to this tee time.

## Charts: /report's picture and the digest's (src/reports/charts/)
chart-title = Sales { $from } – { $to }
chart-totals = { $teeTimes } tee times paid · customers paid { $selling } · margin { $margin }
chart-selling = Selling total
chart-margin = Margin
chart-tee-times = Tee times
chart-courses = Courses by selling total
chart-agents = Agents by selling total
chart-unpaid-holds = Holds that ended unpaid: { $count }
chart-more = and { $count } more
chart-caption = { $grain ->
    [day] Sales per day
    [week] Sales per week
   *[month] Sales per month
  }: bars for the selling total and its margin, the line for tee times paid.
chart-empty = No chart: no tee time was paid and no hold ended in this period.

## E-voucher (src/vouchers/): the image sent with a receipt and the page its QR opens

voucher-title = E-voucher
voucher-date = Date
voucher-time = Tee time
voucher-players = Players
voucher-players-count = { $players ->
    [one] 1 player
   *[other] { $players } players
}
voucher-lead = Lead golfer
voucher-code = Reservation code
voucher-flights = Tee times
voucher-flight = { $time } · { $players ->
    [one] 1 player
   *[other] { $players } players
} · { $code }
voucher-money = Payment
voucher-scan = Scan to check this voucher
voucher-agency = Booked through { $agency }: { $contact }
voucher-caption = 🎫 Your e-voucher for { $course }: forward it to the golfers; its QR shows whether it is still valid.
voucher-check-title = Voucher check
voucher-check-valid = Valid
voucher-check-valid-detail = This tee time is paid and booked.
voucher-check-void = Void
voucher-check-void-detail = This booking was cancelled: this voucher is no longer valid.
voucher-check-moved = Moved
voucher-check-moved-detail = This booking was moved to another tee time: this voucher is no longer valid. Ask whoever booked it for the new voucher.
voucher-check-pending = Not confirmed yet
voucher-check-pending-detail = This booking is not confirmed yet: ask the agency.
voucher-check-partial = Partly valid
voucher-check-partial-detail = Some of these tee times were cancelled: only those marked valid stand.
voucher-check-flight-valid = valid
voucher-check-flight-void = void

## Moving a booking: what its customer hears, and the new calendar file
move-customer-done = 🔁 Your tee time was moved: { $course }, { $date } at { $time }, { $players ->
    [one] 1 player
   *[other] { $players } players
  } — reservation code { $newCode }. Your new e-voucher and calendar file follow; the old ones are no longer valid.
move-customer-kept = The change of your tee time { $code } did not happen: your booking stays as it was.
move-customer-stranded = ⚠️ Your tee time { $code } was cancelled, but the new one could not be booked. Your agent will contact you to book again or to return your money.
move-ics-caption = 📅 Your new tee time for your calendar: it replaces the old event.
btn-move = 🔁 Move to another tee time
move-pick-date = 🔁 Move { $code } · { $course }: choose the new date.
move-pick-time = 🔁 Move { $code } · { $course }, { $date }: choose the new tee time.
move-pick-none = No tee times are open on { $date } for { $code }'s course. Choose another date.
move-pick-players = 🔁 Move { $code } · { $course }, { $date } at { $time }. Players (now { $was }):
move-btn-hold = 🔁 Hold this tee time
move-slot-gone = That tee time was just taken or closed. Choose another.
move-btn-course = ⛳ Another course
move-pick-course = 🔁 Move { $code }: choose the course.
move-course-gone = That course cannot be chosen now. Choose another.
move-tee-time-course = { $course } · { $date } { $time } · { $players } players · { $amount }
move-holding = Holding the new tee time…
move-customer-dearer = That tee time costs more than your booking. To move to it, ask your agent: they arrange the difference.
move-customer-costs-less = The new tee time costs { $amount } less: your agent returns the difference.
move-request-title-customer = A customer asks to move their booking:
move-customer-pay = To move, pay the difference by PromptPay with the QR below.
move-pay-send-slip = Then send a photo of the transfer slip here. Once your agent has checked it, the move goes to the administrators for approval.
move-customer-paid = ✅ Your payment of { $amount } for moving { $code } was received. The move now waits for the administrators' approval.
move-customer-pay-return = Your agent will return the { $amount } you paid for the difference.
moverule-usage = <code>/moverule free</code> lets agents move their own bookings without an approval; <code>/moverule approval</code> sends every agent's move to the administrators (the default).
moverule-free = Agents move their own bookings without an approval.
moverule-approval = An agent's move waits for an administrator's approval.
cmd-moverule = Whether agents' moves need an approval
digest-moves = Moves to another tee time: { $done } done ({ $refunded } credited back for the old ones){ $unwound ->
    [0] {""}
   *[other] , { $unwound } unwound (refund refused)
  }{ $stranded ->
    [0] {""}
   *[other] , ⚠️ { $stranded } refunded without a new tee time
  }

# Trips: a round booked when its day goes on sale
trip-opened-booked = 🗓 Trip of { $lead }: the round at { $course } on { $date } went on sale and is booked at { $time } (quoted { $quoted }), { $players } players, net { $net }.
trip-opened-failed = ⚠️ Trip of { $lead }: the round at { $course } on { $date } went on sale, but the tee time at { $time } could not be booked ({ $detail }). Choose another tee time for it.
trip-opened-over-price = ⚠️ Trip of { $lead }: the round at { $course } on { $date } went on sale, but every tee time within an hour of { $quoted } for { $players } players costs more than { $limit }. Nearest tee times:
    { $nearest }
trip-opened-no-tee-time = ⚠️ Trip of { $lead }: the round at { $course } on { $date } went on sale, but no tee time for { $players } players is open within an hour of { $quoted }. Nearest tee times:
    { $nearest }
trip-opened-nothing = none open that day
trip-opened-customer = ⛳ Your round at { $course } on { $date } is booked: tee time { $time }, { $players } players. Your voucher follows.
trip-ics-round = ⛳ { $course } — round { $n } of { $rounds }
trip-ics-booked = Booked, { $players } players.
trip-ics-quoted = Planned for { $players } players: the tee time is confirmed when this day goes on sale (35 days before).
trip-ics-cancelled = Cancelled.
trip-ics-lines = Also in your trip:
    { $lines }
trip-overdue-deposit = ⏰ Trip of { $lead } ({ $reference }): the deposit of { $amount } was due on { $due } and is not paid. Nothing has been released: remind the customer, or ask an administrator to cancel the trip.
trip-overdue-balance = ⏰ Trip of { $lead } ({ $reference }): the balance of { $amount } was due on { $due } and is not paid. The booked rounds stay booked: remind the customer, or ask an administrator to cancel the trip at its ladder.
trip-balance-soon = 🔔 Your trip's balance of { $amount } is due on { $due } (reference { $reference }). Pay it by PromptPay and send the slip here, or ask your agent.
trip-balance-today = 🔔 Your trip's balance of { $amount } is due today, { $due } (reference { $reference }). Pay it by PromptPay and send the slip here, or ask your agent.
trip-itinerary-title = Trip itinerary
trip-itinerary-party = { $lead } · { $players ->
    [one] 1 golfer
   *[other] { $players } golfers
  }
trip-itinerary-booked = Booked · { $players } players
trip-itinerary-planned = Planned · tee time confirmed when the day goes on sale
trip-itinerary-cancelled = Cancelled
trip-itinerary-lines = Also included
trip-itinerary-caption = 🗺 Your trip's itinerary: forward it to your party. Each round's voucher follows when it is booked.
# trips
cmd-trips = Your trips: several rounds for one party
trips-none = You have no trips yet.
trips-title = <b>Trips</b> ({ $count })
trips-row = { $state } · <b>{ $lead }</b> · { $dates }
    Total { $total } · paid { $paid } · still due { $due }
trip-state = { $state ->
    [draft] Draft
    [quoted] Sent to the customer
    [accepted] Accepted, deposit due
    [deposit_paid] Deposit paid
    [paid] Paid in full
    [completed] Completed
    [cancelled] Cancelled
   *[other] { $state }
  }
trip-staff-title = <b>Trip for { $lead }</b> · { $state }
trip-rounds-title = <b>Rounds</b>
trip-round-staff = { $n }. { $date } { $time } · { $course } · { $players } players · { $price } (net { $net }) · { $state }
trip-round-state = { $state ->
    [planned] planned
    [waiting_for_sale] waiting for its date to open
    [booking] being booked
    [booked] booked
    [failed] not booked
    [cancelled] cancelled
    [course_ended] cancelled by the course
   *[other] { $state }
  }
trip-roster-title = <b>Players</b>
trip-player = { $n }. { $name } · handicap { $hcp }
trip-lines-title = <b>Other items</b>
trip-line = { $description } · { $price }
trip-instalments-title = <b>Payments</b>
trip-no-instalments = The deposit and the balance are scheduled when the customer accepts.
trip-instalment = { $kind ->
    [deposit] Deposit
   *[other] Balance
  } { $amount }, due { $due } · { $state ->
    [due] not paid yet
    [submitted] slip sent
    [approved] paid
    [rejected] slip rejected
   *[other] cancelled
  }
trip-totals = Total { $total } · paid { $paid } · still due { $due }
trip-btn-share = 📤 Send to customer
trip-btn-list = « Trips
trip-shared = Send this link to { $lead }: they open the quote and accept it there. It admits one customer.
    { $url }
trip-not-open = This trip can no longer be sent: it was accepted or cancelled.
trip-not-found = This trip cannot be opened here.
trip-only = Your link is for one trip only: /trips shows it.
hold-refused-trip-only = Your link is for one trip only: your agent books its rounds for you.
trip-quote-title = ⛳ <b>Your golf trip</b> · { $lead } · { $players } golfers
trip-quote-round = { $date } { $time } · { $course } · { $players } golfers · { $price }
trip-quote-total = <b>Total: { $total }</b>
trip-quote-schedule = Deposit { $deposit } on acceptance; the balance of { $balance } by { $due }.
trip-quote-pay-all = The whole { $total } is due on acceptance.
trip-quote-ladder-title = <b>If you cancel</b>
trip-quote-ladder-step = { $days } days or more before the first round: { $percent }% of the trip's price returned
trip-quote-ladder-rest = Later: nothing is returned.
trip-quote-state = { $state ->
    [accepted] ✅ You accepted this trip. The deposit is due.
    [deposit_paid] ✅ Deposit received.
    [paid] ✅ Paid in full.
    [completed] Completed.
    [cancelled] This trip was cancelled.
   *[other] This quote is not open for acceptance.
  }
trip-btn-accept = ✅ Accept this trip
trip-accepted = Thank you: the trip is yours. The deposit of { $amount } is due today.
trip-pay-agent-tells = Your agent will send you how to pay.
trip-pay-what = { $kind ->
    [deposit] Deposit for your golf trip
   *[other] Balance for your golf trip, due by { $due }
  }
trip-pay-send-slip = Then send a photo of the transfer slip here. Your agent checks it and confirms.
trip-slip-received = 🧾 Thank you: your slip ({ $amount }) is with your agent, who will confirm the payment.
trip-slip-rejected = Your agent could not find your payment of { $amount }. Please check it and send the slip again, or contact your agent.
trip-deposit-approved = ✅ Deposit of { $amount } received: your rounds are being booked.
trip-balance-approved = ✅ Balance of { $amount } received: your trip is paid in full.
trip-slip-card = 🧾 Trip slip · { $lead } · { $kind ->
    [deposit] deposit
   *[other] balance
  } { $amount } · reference <code>{ $reference }</code>
trip-btn-paid = ✅ Paid — confirm
trip-btn-not-received = ❌ Not received
trip-decided-approved = ✅ Approved: { $booked } rounds booked, { $waiting } waiting for their dates to open, { $failed } not booked.
trip-decided-rejected = ❌ Not received: the customer was asked to check and send the slip again.
trip-decided-already = This payment was already decided.
trip-btn-new = ➕ New trip
tripnew-text-please = Please answer with a message (or /cancel to stop building the trip).
tripnew-tap-please = Please tap one of the buttons (or /cancel).
tripnew-lead = 🧳 New trip. The lead customer's full name (the partner's reservations are made in it):
tripnew-bad-name = A name of 1 to 128 characters, please.
tripnew-language = The language the customer reads the quote in:
tripnew-lang-en = English
tripnew-lang-th = ไทย
tripnew-lang-ko = 한국어
tripnew-lang-ja = 日本語
tripnew-lang-zh = 中文
tripnew-email = The lead customer's e-mail:
tripnew-bad-email = That is not an e-mail address. Again, please:
tripnew-mobile = The lead customer's mobile number (digits, optionally starting with +):
tripnew-bad-mobile = A mobile number of 6 to 15 digits, please.
tripnew-roster = The players, one a line: <code>Name, handicap</code> (the handicap may be left out). The lead customer first.
tripnew-bad-roster = Line { $line } does not read as <code>Name, handicap</code> (a handicap from -10 to 54). Send the whole list again.
tripnew-no-courses = No courses can be read from the partner right now. Try again later.
tripnew-course = Round { $n }: choose the course.
tripnew-date = { $course }: the day, as <code>YYYY-MM-DD</code> (after today).
tripnew-bad-date = A day after today as <code>YYYY-MM-DD</code>, please.
tripnew-no-tee-times = No open tee time for { $players } players on { $date } at that course. Choose the course again.
tripnew-tee-time = Choose the tee time (for { $players } players, the customer's price):
tripnew-time-later = { $date } is beyond the partner's sales window: it is booked when its date opens. The tee time wanted, as <code>HH:MM</code>:
tripnew-bad-time = A time as <code>HH:MM</code>, please.
tripnew-price-later = The selling price per player in baht ({ $players } players):
tripnew-bad-amount = An amount in baht, like <code>3200</code> or <code>3200.50</code>, please.
tripnew-more = { $count } rounds so far.
tripnew-add-round = ➕ Add a round
tripnew-rounds-done = ✅ Rounds done
tripnew-lines = Other items, one a line: <code>kind; description; price in baht</code>, kind one of hotel, transfer, caddie, other. Or <code>none</code>.
tripnew-bad-line = Line { $line } does not read as <code>kind; description; price</code>. Send all the items again.
tripnew-deposit = The deposit due on acceptance: a percentage of the total { $total } (for example <code>25</code>), or an amount in baht (for example <code>฿20,000</code>):
tripnew-bad-deposit = A whole percentage from 0 to 100 (<code>25</code>), or an amount in baht of at most { $total } (<code>฿20,000</code>), please.
tripnew-failed = The trip could not be recorded. Check the details and start again from /trips.
trip-accepted-staff = ✅ <b>{ $lead }</b> accepted their trip. The deposit of { $amount } is due today; their slip will reach you here.
trip-ics-caption = 📅 Your trip's rounds for your calendar: a later file updates them.
# receipts and tax invoices
btn-receipt = 🧾 Receipt
receipt-sending = Sending the PDF…
receipt-unpaid = A receipt is issued once the booking is paid.
receipt-caption = 🧾 Receipt { $number } for booking { $code }
btn-tax-invoice = 🧾 Tax invoice
tax-invoice-not-registered = The agency is not VAT-registered, so it issues no tax invoice: your receipt is the document for this payment.
tax-invoice-busy = Finish the booking under way first (or /cancel it), then ask for the tax invoice again.
tax-invoice-intro = 🧾 A full tax invoice names the buyer. Four questions; /cancel stops.
tax-invoice-ask-name = The buyer's name (the company's registered name, or a person's full name):
tax-invoice-ask-address = The buyer's address, as registered:
tax-invoice-ask-tax-id = The buyer's tax id (13 digits; dashes and spaces are fine):
tax-invoice-tax-id-invalid = That is not a valid tax id: it must be 13 digits with a correct last (check) digit. Type it again; the name and address are kept.
tax-invoice-ask-branch = Head office or branch? Tap Head office, or type the branch number (up to 5 digits).
tax-invoice-head-office = 🏢 Head office
tax-invoice-branch-invalid = A branch number is up to 5 digits (for example 00001). Type it again, or tap Head office.
tax-invoice-too-long = Please keep it to { $max } characters at most. Type it again.
tax-invoice-caption = 🧾 Tax invoice { $number } for booking { $code }
tax-invoice-issued = ✅ Tax invoice { $number } issued; its PDF follows.
credit-note-caption = 🧾 Credit note { $number } for booking { $code } (refers to tax invoice { $invoice })
admin-report-documents = 🧾 Documents issued: { $receipts } receipts, { $invoices } tax invoices, { $credits } credit notes · output VAT { $vat }
admin-report-document = { $number } · { $buyer } · VAT { $vat }
admin-report-documents-caption = The receipts, tax invoices and credit notes issued in the period, as CSV for the accountant (amounts in baht; a credit note's negative).
# when the course changes the plan
course-ended-staff = ⛳ <b>The course { $how ->
        [refund] refunded
       *[cancel] cancelled
    } a paid booking</b>
    { $course }, { $date } { $time } · { $customer } · players: { $players } · code { $code }
    Returned to the agency's credit: { $credited }
    Owed to the customer: { $owed }
course-moved-staff = ⛳ <b>The course moved a paid booking's tee time</b>
    { $course } · { $customer } · players: { $players } · code { $code }
    Was { $fromDate } { $fromTime }, now { $date } { $time }.
course-ended-customer = ⛳ <b>The course has cancelled your tee time</b>
    { $course }, { $date } at { $time } (code { $code })
    { $owes ->
        [yes] You are owed { $owed }; your agent will return it to you.
       *[no] Your agent will contact you.
    }
    We are sorry for the change of plan.
course-moved-customer = ⛳ <b>The course has moved your tee time</b>
    { $course }: now { $date } at { $time } (was { $fromDate } at { $fromTime }), code { $code }.
voucher-check-course-cancelled = Cancelled by the course
voucher-check-course-cancelled-detail = The course cancelled this tee time: this voucher is no longer valid. Ask whoever booked it about the refund or another tee time.
voucher-check-flight-course-cancelled = cancelled by the course
admin-report-course-ended = { $count } ended by the course
digest-course-ended = Ended by the course: { $count }
cmd-closeday = Close a course-day: refund every booking, tell everyone
closeday-usage = <code>/closeday YYYY-MM-DD course</code> — the course's id or part of its name. Lists that day's paid bookings at the course, then refunds each once and tells everyone.
closeday-none = No paid booking at “{ $course }” on { $date }.
closeday-which = Several courses match; use the course's id:
closeday-title = ⛳ <b>Close { $course } on { $date }?</b> { $count } paid bookings:
closeday-line = • { $time } · { $code } · { $customer } · players: { $players } · agent { $agent }{ $told ->
        [yes] {" "}· customer told in the bot
       *[no] {""}
    }
closeday-confirm = Each booking is refunded at the partner once, marked ended by the course, what its customer is owed recorded, and the booker, the customer and the admins told.
closeday-btn-confirm = ⛳ Close and refund { $count }
closeday-working = Closing the day…
closeday-done = ⛳ Day closed ({ $date }): { $refunded } refunded now, { $failed } not refunded by this run (already ended, or see /order).
# hold warning
pay-hold-warning = Your tee time is held only until { $time } ({ $minutes ->
    [one] 1 minute
   *[other] { $minutes } minutes
    } left) and no payment has reached us yet. Pay now with the QR below, then send the slip, or the hold lapses.
pay-hold-warning-slip = Your tee time is held only until { $time } ({ $minutes ->
    [one] 1 minute
   *[other] { $minutes } minutes
    } left) and your slip is still being checked. If you have not paid yet, pay now with the QR below.

# Trips: cancelling (admins)
trip-cancel-button = ✖️ Cancel trip
trip-cancel-quote = Cancel the trip of { $lead }? Today is { $days } days before the first round: the ladder returns { $percent } % of the trip, so <b>{ $refund }</b> is returned to the customer (never more than they paid) and { $kept } is kept. The booked rounds are refunded at the partner.
trip-cancel-confirm = Cancel and return { $refund }
trip-cancel-back = ‹ Back to the trip
trip-cancel-admins-only = Only an administrator can cancel a trip (its rounds are refunded at the partner).
trip-cancel-busy = A round of this trip is being booked right now. Try again in a minute.
trip-cancel-changed = ⚠️ What cancelling returns has changed since it was shown (a day passed or a payment came). Here is today's:
trip-cancelled-staff = ✅ Trip of { $lead } cancelled: { $refund } is recorded to return to the customer; { $rounds } booked rounds refunded at the partner{ $failed ->
    [0] .
   *[other] , { $failed } not (refund them with /refund).
  }
trip-cancelled-customer = Your trip ({ $reference }) has been cancelled. { $refund } will be returned to you; your agent will arrange it.
# course alternatives
course-alt-some = Open tee times near it at the course that day, for the same players (tap one to book it):
course-alt-none = No open tee time near it at the course that day.
course-alt-button = Book { $time } instead
course-alt-expired = This booking has nothing to rebook.
course-alt-not-yours = Only its agent or an admin can rebook this booking.
course-alt-gone = That tee time has just been taken or is gone: here are the course's tee times that day.
# trip receipts
trip-receipt-caption = 🧾 Receipt { $number } for the { $kind ->
    [deposit] deposit
   *[other] balance
  } of golf trip { $reference }
trip-receipt-unpaid = A receipt is issued once this payment of the trip is approved.

# /report: the slip check
admin-report-slips = 🔎 Slips checked by the service: { $checked } — { $confirmed } confirmed with no tap (median { $seconds } s from the slip), { $refused } refused{ $reasons }, { $person } left to a person
admin-report-slip-reason = { $why }: { $n }
# move difference receipts
move-receipt-caption = 🧾 Receipt { $number } for the difference you paid to move to booking { $code }
move-receipt-unpaid = A receipt is issued once the difference you paid for this move is approved.
admin-report-trips = 🗺 Trips: deposits received { $deposits }, balances received { $balances }; still due { $due }, overdue { $overdue } ({ $count ->
    [one] 1 instalment
   *[other] { $count } instalments
  })
# A trip's round the course ended
course-ended-trip = 🧳 This round was part of your trip { $reference }: its { $price } comes off the trip's price.
course-ended-trip-balance = The balance still to pay is now { $balance }.
# A trip owns its rounds' bookings (bookings/ownership.ts)
error-trip-owns = 🧳 This booking is a round of a trip: the trip owns its money, so nothing was done. Change or cancel it through the trip (/trips).
move-trip-round = Booking { $code } is a round of a trip: it is not moved on its own. The trip owns it — ask an administrator to change the trip.
admin-owned-by-trip = Not done: <code>{ $ref }</code> is a round of trip { $trip }: the trip owns its money. Cancel the trip from /trips (its ladder decides what is returned); a course's own end of the round is followed by the trip.

# trips: the agent's limit and editing a trip
tripnew-limit-later = The most the agency will pay the partner <b>per player</b> for this round, in baht, when its day goes on sale: the round is booked then only at a tee time costing at most this (the selling price is { $price } per player; not above it). Or tap the button:
tripnew-limit-same = Same as the selling price ({ $price })
tripnew-bad-limit = An amount in baht above zero and at most the selling price ({ $price } per player), please.
trip-round-limit = {" "}· limit { $limit }
trip-btn-edit = ✏️ Edit
trip-edit-closed-note = 🔒 The customer accepted this trip: it can no longer be edited. The trip owns its booked rounds (they are not moved or refunded on their own): a change is made by cancelling the trip; a round the course ends comes off its price by itself.
tripedit-closed = This trip can no longer be edited: the customer accepted it (or it was cancelled).
tripedit-menu = ✏️ What do you change? Changing a quote already sent voids it: send it again when you are done.
tripedit-remove-round = ➖ Remove a round
tripedit-add-round = ➕ Add a round
tripedit-lines = 🏨 Other items
tripedit-deposit = 💰 Deposit (a percentage or an amount)
tripedit-roster = 👥 Players
tripedit-done = ✅ Done
tripedit-which-round = Which round is removed?
tripedit-which-line = Which item? Or add one:
tripedit-line-add = ➕ Add an item
tripedit-line-what = { $description }:
tripedit-line-change = ✏️ Change it
tripedit-line-remove = 🗑 Remove it
tripedit-line-new = The item as <code>kind; description; price in baht</code>, kind one of hotel, transfer, caddie, other:
tripedit-roster-ask = The { $count } players, one a line: <code>Name, handicap</code> (the lead customer first). A party of another size is a new trip.
tripedit-bad-party = The trip is quoted for { $count } players: send { $count } lines, please.
tripedit-saved = ✅ Saved.
tripedit-saved-voided = ✅ Saved. The quote sent to the customer is void: they see that you are changing it. Send it again when you are done.
tripedit-invalid = Not changed: { $problem ->
    [last-round] a trip keeps at least one round.
    [party-size] the number of players stays the same.
    [too-many] a trip holds at most 30 rounds and 30 items.
    [no-such] that is no longer there.
   *[other] the answer does not read.
  }
trip-quote-changing = ✏️ Your agent is changing this quote. You can accept it once they send it again.

# trip quote picture
trip-quote-image-title = Golf trip quote
trip-quote-image-agent = Your agent: { $agent }
trip-quote-image-players = { $players ->
    [one] 1 golfer
   *[other] { $players } golfers
  }
trip-quote-image-tbc = time to be confirmed when the day goes on sale
trip-quote-image-total = Total
trip-quote-image-schedule = Payment schedule
trip-quote-image-deposit = Deposit, on acceptance
trip-quote-image-deposit-due = Deposit, due { $due }
trip-quote-image-balance = Balance, by { $due }
trip-quote-image-pay-all = The whole price, on acceptance
trip-quote-image-pay-all-due = The whole price, due { $due }
trip-quote-image-ladder = If you cancel
trip-quote-image-accept = To accept: open the link your agent sent you in Telegram and tap “Accept this trip”.
trip-quote-image-caption = 🧾 Your trip's quote as a picture, to forward to your party. Accept it with the button below the quote.
trip-btn-quote-image = 🖼 Quote image
trip-quote-image-staff = 🧾 The quote of { $lead }'s trip as a picture, in the trip's language, to forward. The customer accepts it from their link.
trip-quote-image-failed = The picture could not be drawn just now. Try again in a moment.

# trip tax invoices and credit notes
trip-tax-invoice-caption = 🧾 Tax invoice { $number } for the { $kind ->
    [deposit] deposit
   *[other] balance
  } of golf trip { $reference }
trip-tax-invoice-unpaid = A tax invoice is issued once this payment of the trip is approved.
tax-invoice-same-buyer = 🧾 Tax invoice { $number } of this trip was issued to:
    <b>{ $name }</b>
    { $address }
    Tax ID { $taxId } · { $office }
    Issue this one to the same buyer?
tax-invoice-same-buyer-yes = ✅ Same buyer
tax-invoice-same-buyer-no = ✏️ Another buyer
tax-invoice-branch-no = Branch { $branch }
trip-credit-note-caption = 🧾 Credit note { $number } for golf trip { $reference } (refers to tax invoice { $invoice })

## Trip slips checked by the slip-check service (features/trips/slip-check.ts)
trip-slip-verified = ✅ Your transfer of { $amount } was verified with your bank.
trip-slip-check-refused = ⚠️ This slip cannot pay your trip: { $why }
    Please send the slip of your transfer of { $amount } to the QR's account, or contact your agent, who has this one too.
trip-check-why-too-old = the transfer was made before this payment was asked for.
trip-card-check-approved = ✅ Confirmed by the slip check ({ $provider }), no tap needed: { $kind ->
    [deposit] { $booked } rounds booked, { $waiting } waiting for their dates to open, { $failed } not booked.
   *[other] the trip is paid in full.
  }
trip-card-check-unread = ❔ The slip's QR could not be read ({ $why }), so the slip check was not asked: please check the transfer yourself.
# trips in /mybookings, the trips' margins in /report, the digest and a trip's staff view
my-trips-title = 🗺 Trips
my-trips-row = 🗺 <b>{ $lead }</b> · { $dates }
    Total { $total } · paid { $paid } · still due { $due }
admin-report-trip-rounds = 🗺 Trips' rounds paid to the partner in the period: { $count } ({ $amount }){ $refunded ->
    [0] {""}
   *[other] , { $refunded } refunded ({ $refundedAmount })
  } — counted with their trips, not in the bookings' rows (the bookings CSV lists them)
admin-report-trip-margins = 📈 Margin per trip ({ $count }), together { $margin } — the agency's lines (hotel, transfer…) have no known cost in fairway and count whole as the agency's:
admin-report-trip-margin = • { $lead } · { $dates }: rounds { $rounds } + lines { $lines } − partner { $nets } ({ $booked }/{ $count } rounds booked) = { $margin }
trip-margin-staff = 📈 Margin: rounds { $rounds } + lines { $lines } − partner { $nets } ({ $booked }/{ $count } rounds booked) = <b>{ $margin }</b>
    The lines' cost is not known to fairway: their price counts whole as the agency's.
# A cancelled trip: the partner's refunds beside the customer's (features/trips/cancel.ts)
trip-cancelled-side-by-side = Side by side: the partner credited { $credited } back to the agency's credit for the rounds{ $unstated ->
    [0] {""}
   *[other] {" "}(and { $unstated } refund(s) whose amount the partner did not state)
  }; the customer is owed { $refund }.
# A trip's balance: days before the first round (conversations/trip/steps.ts)
tripnew-balance-days = How many days before the first round is the balance due? (for example <code>30</code>)
tripnew-balance-days-default = { $days } days before
tripnew-bad-balance-days = A whole number of days from 0 to 180, please.
