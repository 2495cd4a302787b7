### 한국어 (Korean): customer-facing messages only (src/bot/customer-keys.ts); any other key is read in English.

## Meta
locale-code = ko

## Command menu (everyone's and customers')
cmd-start = 시작: 이 봇으로 할 수 있는 일
cmd-help = 도움말
cmd-language = 언어 / Language
cmd-book = 티타임 예약
cmd-mybookings = 내 예약
cmd-cancel = 진행 중인 예약 중단

## Menu and general
welcome =
    안녕하세요, { $name }님! ⛳ 태국 전역의 골프장 티타임을 예약해 드립니다.
    <b>티타임 예약</b>을 눌러 시작하거나 언제든지 /book 을 사용하세요. /cancel 로 예약을 중단할 수 있습니다.
menu-book = ⛳ 티타임 예약
menu-my-bookings = 📋 내 예약
menu-language = 🌐 언어 / Language
fallback-hint = 이해하지 못했습니다. 원하시는 항목을 선택해 주세요:
private-only = 티타임 예약은 개인 채팅에서 저에게 말씀해 주세요.
error-generic = 죄송합니다. 저희 쪽에서 문제가 발생했습니다. 이 오류로 인해 결제된 금액은 없습니다. 다시 시도하시거나 /book 으로 처음부터 시작해 주세요.
error-not-allowed = ⛔ 고객님이 하실 수 있는 작업이 아니므로 아무것도 처리되지 않았고 결제도 없었습니다. /mybookings 에서 본인의 예약을 볼 수 있으며, 그 밖의 문의는 담당 에이전트나 여행사에 해 주세요.
error-database-busy = ⏳ 지금 fairway가 바쁩니다. 잠시 후 다시 시도해 주세요.
error-move-open = 🔁 이 예약의 변경이 진행 중이어서 아무것도 처리되지 않았습니다. 변경을 승인하거나 취소한 뒤(또는 홀드가 끝난 뒤) 다시 시도해 주세요.
menu-expired = 이 메뉴는 만료되었습니다. /book 으로 다시 시작해 주세요.
menu-expired-released = 이 예약은 만료되어 홀드가 해제되었습니다. /book 으로 다시 시작해 주세요.
earlier-hold-released = 확정되지 않았던 이전 홀드가 해제되었습니다.
use-buttons-hint = 위의 버튼을 사용하시거나 /cancel 로 중단해 주세요.
input-commands-hint = 답을 입력하시거나 위의 버튼을 사용하시거나 /cancel 로 중단해 주세요.
flood-notice = 메시지를 너무 빨리 보내셔서 일부는 건너뛰었습니다. 잠시 기다리신 후 계속해 주세요.
busy-toast = ⏳ 지금 fairway가 바쁩니다. 응답이 곧 도착합니다
language-choose = 언어를 선택하세요:
language-set = 언어가 한국어로 설정되었습니다.

## Buttons
btn-back = ‹ 뒤로
btn-back-summary = ‹ 요약으로 돌아가기
btn-cancel = ✖ 취소
btn-prev = ‹ 이전
btn-next = 다음 ›
btn-refresh = 🔄 새로고침
btn-pick-date = 📅 날짜 선택
btn-location = 📍 위치
btn-photo = 📷 사진
btn-other-date = 📅 다른 날짜
btn-new-customer = ➕ 새 고객
btn-keep = 유지: { $value }
btn-share-contact = 📱 내 번호 공유
btn-confirm = ✅ 확인 및 결제
btn-change = ✏️ 변경
btn-try-again = 🔄 다시 시도
btn-resume = ▶️ 계속하기
btn-start-over = 🔁 처음부터
btn-release = 🗑 이 홀드 해제
btn-release-group = 🗑 그룹 전체 해제

## Booking: course, date, tee time, players
course-title = 골프장을 선택하세요
course-from-weekday = 평일 { $price }부터
course-from-weekend = 주말 { $price }부터
course-hours = 운영 시간: { $hours }
course-photo-unavailable = 지금은 골프장 사진을 표시할 수 없습니다.
course-location-unavailable = 지금은 골프장 위치를 표시할 수 없습니다.
date-title = { $course }: 날짜를 선택하세요
date-hint = 날짜는 골프장 현지 시간 기준입니다. • 는 오늘입니다.
slot-title = { $course } · { $date }
slot-hint = 예약 가능한 티타임 { $count }개 ({ $types }). 시간은 골프장 현지 시간이며 가격은 1인 기준입니다.
slot-none = 그날은 예약 가능한 티타임이 없습니다.
slot-none-suggest = 그날은 예약 가능한 티타임이 없습니다. 다음 날짜에는 있습니다:
slot-none-part = 이 시간대에는 티타임이 없습니다. 다른 필터를 선택하세요.
part-all = 전체
part-morning = 오전
part-midday = 한낮
part-afternoon = 오후
price-type = { $type ->
    [WEEKDAY] 평일 요금
    [WEEKEND] 주말 요금
    [HOLIDAY] 공휴일 요금
   *[other] { $type }
    }
players-title = 몇 명이 플레이하시나요?
players-slot = 티타임 { $time }, { $date } · 1인당 { $price }
players-range = 이 티타임은 { $min }~{ $max }명까지 가능합니다.
caddy-free = 캐디 포함
caddy-price = 캐디 1인당 { $price }, 골프장에서 지불

## Booking: golfer details
customer-title = 누가 플레이하나요?
customer-hint = 최근 고객을 다시 사용하거나 새 고객을 추가하세요. 고객의 성명을 바로 입력하셔도 됩니다.
name-title = 고객 성명
name-hint = 예약에 표시될 이름을 입력하세요. 예: Somchai Jaidee.
email-title = 고객 이메일
email-hint = 예약 확인을 받을 이메일 주소를 입력하세요. 예: name@example.com.
mobile-title = 고객 휴대폰 번호
mobile-hint = 휴대폰 번호를 입력하세요. 예: 081-234-5678 또는 +66 81 234 5678.
mobile-share-hint = 본인이 골퍼라면 아래 버튼으로 본인 번호를 공유할 수 있습니다.
reply-keyboard-done = ✓ 확인했습니다.
mobile-share-prompt = 또는 본인 번호를 공유하세요:
name-too-short = 이름이 너무 짧습니다. 성명을 입력해 주세요 (최소 2글자).
name-too-long = 예약하기에 이름이 너무 깁니다. 줄여 주세요 (최대 80글자). 예를 들어 중간 이름을 빼 주세요.
name-invalid = 이름에는 글자, 공백, 마침표, 아포스트로피, 하이픈만 사용할 수 있습니다. 다시 입력해 주세요.
invalid-name-characters = 이름에 보이지 않는 문자나 제어 문자가 있습니다. 다시 입력해 주세요.
email-invalid = 이메일 주소가 아닌 것 같습니다. 확인해 주세요. 예: name@example.com.
mobile-invalid = 전화번호가 아닌 것 같습니다. 081-234-5678 같은 태국 휴대폰 번호나 + 로 시작하는 국제 번호를 입력해 주세요.
mobile-not-mobile = 유선 전화번호 같습니다. 골프장이 골퍼에게 연락할 수 있도록 휴대폰 번호를 입력해 주세요.

## Booking: hold, summary, confirmation
hold-placing = 이 티타임을 홀드하는 중…
hold-busy = 아직 홀드를 처리하는 중입니다. 잠시 후 다시 시도해 주세요.
hold-slot-taken = 죄송합니다. 방금 그 티타임이 예약되었습니다. 갱신된 목록입니다.
hold-unknown = 파트너의 응답이 유실되어 홀드가 되었는지 확인할 수 없었습니다. 결제된 금액은 없으며 저희 팀에 알렸습니다. 입력하신 정보는 보관되어 있으니 티타임을 선택해 다시 시도해 주세요.
hold-expired = 홀드가 끝나 티타임이 해제되었습니다. 티타임을 다시 선택해 주세요.
held-title = 티타임이 홀드되었습니다
held-until = { $time }까지 홀드 ({ $minutes }분 남음). 확인하시면 결제로 진행합니다.
summary-players = { $count }명
summary-amount = 합계 { $amount }
summary-code = 예약 코드 { $code }
summary-txno = 거래 번호 { $txno }
confirm-working = 확인 및 결제 중…
confirm-insufficient = 지금은 파트너 계정의 잔액이 부족하여 이 예약을 결제할 수 없습니다. 홀드와 선택 사항은 그대로 유지됩니다. 계정이 충전된 후 다시 시도하시거나 취소해 주세요.
confirm-busy = 이 예약은 이미 확인 중입니다. 결과를 보려면 다시 시도를 누르세요.
confirm-unknown = 파트너의 응답이 유실되어 결제가 완료되었는지 확인할 수 없었습니다. 파트너에게 확인 중이며 결과를 메시지로 알려 드리겠습니다. 그동안 이 티타임을 다시 예약하지 마세요.
confirmed-title = 예약 확정
confirmed-footer = 아래의 캘린더 파일로 티타임을 캘린더에 추가할 수 있습니다. 즐거운 라운드 되세요!
ics-summary = { $course } 티타임
ics-description = 예약 코드 { $code }, { $players }명. fairway에서 예약.
ics-caption = 📅 캘린더에 추가

## Booking: change and cancel
change-title = 무엇을 변경하시겠어요?
change-hint = 변경하면 현재 홀드가 해제됩니다. 다른 선택 사항은 유지됩니다.
change-course = 골프장
change-date = 날짜
change-time = 티타임
change-players = 인원
change-details = 골퍼 정보
booking-in-progress = 이미 진행 중인 예약이 있습니다. 계속하시겠어요, 아니면 처음부터 하시겠어요? 처음부터 하면 홀드가 해제됩니다.
cancel-done = 예약이 취소되었습니다. /book 으로 다시 시작하세요.
cancel-released = 예약이 취소되고 홀드가 해제되었습니다. /book 으로 다시 시작하세요.
cancel-nothing = 취소할 예약이 없습니다. /book 으로 예약을 시작하세요.
cancel-already-paid = 이 예약은 이미 결제되어 변경되지 않았습니다. /mybookings 를 확인하세요.
stuck-hint = 어떻게 하시겠어요?
release-pending = 해제를 처리 중입니다. 1분 후에 다시 확인해 주세요.
release-not-held = 이 예약에는 더 이상 해제할 홀드가 없습니다.
release-group-flight = 이 티타임은 그룹의 일부입니다. 그룹은 전체로만 취소되며 티타임 하나만 취소할 수는 없습니다.
release-owned-by-move = 이 티타임은 승인을 기다리는 변경을 위해 잡아 둔 것입니다. 변경이 승인·취소되거나 홀드가 끝나면 풀립니다. 아무것도 해제되지 않았습니다.

## My bookings
my-bookings-title = 내 예약
my-bookings-hint = 최근 예약입니다 (최신순). 눌러서 자세히 보세요.
my-bookings-empty = 아직 예약이 없습니다.
my-bookings-not-found = 해당 예약을 찾을 수 없습니다.
my-bookings-stale = 파트너에 연결할 수 없어 상태가 최신이 아닐 수 있습니다.
my-bookings-made = { $when } 예약
my-bookings-shared = 예약자가 공유한 예약입니다 (읽기 전용).
status-label = { $state ->
    [intent] 준비 중
    [reserving] 홀드 중
    [held] 홀드됨 (미결제)
    [reserve_failed] 예약 안 됨
    [reserve_unknown] 결과 불명
    [confirming] 확인 중
    [paid] 확정 및 결제 완료
    [releasing] 해제 중
    [released] 해제됨
    [refunding] 환불 중
    [refunded] 환불됨
   *[other] { $state }
    }

## Notifications
notify-expired = ⏳ { $course } { $date } { $time } 홀드가 시간 내에 확정되지 않아 해제되었습니다.
notify-paid = ✅ 좋은 소식입니다: { $course } { $date } { $time } 예약이 확정되었습니다 (코드 { $code }).
notify-released = { $course } { $date } { $time } 홀드가 해제되었습니다.
notify-reserve-unknown = ⚠️ { $course } { $date } { $time } 홀드가 되었는지 확인할 수 없었습니다. 결제된 금액은 없습니다. /book 으로 다시 예약해 주세요.
notify-reserve-released = ⚠️ { $course } { $date } { $time } 홀드 처리가 중단되어 해제되었습니다. 결제된 금액은 없습니다. /book 으로 다시 예약해 주세요.
notify-refunded = { $course } { $date } { $time } 예약이 환불되었습니다 (코드 { $code }).

## Partner errors
partner-error-generic = 예약 서비스에서 오류가 발생했습니다. 다시 시도해 주세요.
partner-error-auth = 예약 서비스가 저희 인증 정보를 거부했습니다. 관리자가 해결해야 하니 나중에 다시 시도해 주세요.
partner-error-not-found = 예약 서비스에 이 항목이 더 이상 없습니다. 다시 선택해 주세요.
partner-error-conflict = 현재 예약 상태에서는 할 수 없는 작업입니다. 목록을 새로고침했습니다.
partner-error-slot-unavailable = 그 티타임은 더 이상 예약할 수 없습니다.
partner-error-validation = 예약 서비스가 이 정보를 받아들이지 않았습니다. 골퍼 정보를 확인해 주세요.
partner-error-persons-out-of-range = 이 티타임에는 그 인원이 허용되지 않습니다. 다시 선택해 주세요.
partner-error-insufficient-credit = 지금은 파트너 계정의 잔액이 부족합니다.
partner-error-rate-limited = 예약 서비스가 혼잡합니다. 잠시 후 다시 시도해 주세요.
partner-error-unavailable = 예약 서비스가 지금 응답하지 않습니다. 잠시 후 다시 시도해 주세요.
partner-error-outcome-unknown = 예약 서비스의 응답이 유실되었습니다. 무슨 일이 있었는지 확인 중입니다.
partner-error-invalid-response = 예약 서비스가 읽을 수 없는 응답을 보냈습니다. 잠시 후 다시 시도해 주세요.

## Access: links and offers
stranger-explain =
    안녕하세요! fairway는 저희 판매 에이전트와 그 고객을 위해 골프 티타임을 예약해 드립니다.
    이용하시려면 fairway 에이전트에게 개인 링크를 받아 여시거나, 관리자에게 에이전트로 추가해 달라고 요청하세요.
stranger-short = 이 봇은 fairway 에이전트와 그 고객을 위한 것입니다. 에이전트에게 링크를 요청하세요.
customer-welcome = 환영합니다, { $name }님! 에이전트가 티타임 예약에 초대했습니다. 함께 찾아보겠습니다.
link-refused-unknown = 유효하지 않은 링크입니다. 링크를 보낸 에이전트에게 확인해 주세요.
link-refused-revoked = 링크를 보낸 에이전트가 이 링크를 회수했습니다.
link-refused-expired = 이 링크는 만료되었습니다. 에이전트에게 새 링크를 요청하세요.
link-refused-used-up = 이 링크는 허용된 횟수만큼 이미 사용되었습니다. 에이전트에게 새 링크를 요청하세요.
link-refused-still-customer = 이전에 초대한 에이전트를 통해 /book 으로 계속 예약하실 수 있습니다.
link-refused-agent-removed = 이 링크를 보낸 에이전트는 더 이상 fairway에서 판매하지 않습니다. 여행사에 문의해 주세요.
access-ended-agent-removed = 고객님을 초대한 에이전트가 더 이상 fairway에서 판매하지 않아, 해당 에이전트를 통한 새 예약은 종료되었습니다. 기존 예약은 /mybookings 에 남아 있습니다. 다시 예약하시려면 여행사에 문의해 주세요.
access-ended-link-revoked = 가입하신 링크를 에이전트가 회수하여, 이 링크를 통한 새 예약은 종료되었습니다. 기존 예약은 /mybookings 에 남아 있습니다. 에이전트에게 새 링크를 요청하세요.
hold-refused-stranger = fairway 에이전트와 그 고객만 예약할 수 있습니다. 에이전트에게 링크를 요청하세요.
hold-refused-agent-removed = { access-ended-agent-removed }
hold-refused-link-revoked = { access-ended-link-revoked }
hold-refused-other-agent = 이 티타임은 다른 에이전트가 제안한 것입니다. 고객님은 초대한 에이전트를 통해 예약하십니다. 그 에이전트에게 문의하시거나 /book 을 사용하세요.
hold-refused-course = 고객님의 링크는 한 골프장 전용이라 이 티타임은 예약할 수 없습니다. 해당 골프장의 티타임을 선택하세요.
hold-refused-too-many-holds = 이미 결제 대기 중인 홀드 티타임이 { $max }개 있습니다. /mybookings 에서 하나를 결제하거나 취소한 후 이 티타임을 예약하세요.
offer-refused-unknown = 유효하지 않은 제안입니다. 제안을 보낸 에이전트에게 새 제안을 요청하세요.
offer-refused-expired = 이 제안은 종료되었습니다. 티타임이 지났습니다.
offer-refused-used-up = 이 제안은 허용된 인원만큼 이미 열렸습니다. 에이전트에게 새 제안을 요청하세요.
offer-gone = 제안된 티타임이 방금 예약되었습니다. 그날 가장 가까운 예약 가능 시간: { $times }
offer-gone-none = 제안된 티타임이 방금 예약되었고, 그날은 다른 예약 가능 시간이 없습니다. 다른 날짜를 선택하세요.

## Reminders
reminder-hours = { $hours }시간
reminder-minutes = { $minutes }분
reminder-title = 알림: { $before } 후 티오프입니다
reminder-btn-booking = 📋 내 예약
reminder-btn-cancel = ✋ 취소 요청
reminder-btn-map = 📍 지도

## Cancellation requests, notices, the golfer's copy
btn-request-cancellation = 🙋 취소 요청
btn-send-to-golfer = 📨 골퍼에게 보내기
cancel-request-not-paid = 결제되었고 티타임이 아직 남은 예약만 취소할 수 있습니다.
cancel-request-exists = 이 예약의 취소 요청이 이미 관리자의 답변을 기다리고 있습니다.
cancel-request-move-open = 이 예약의 변경이 승인을 기다리고 있습니다. 먼저 변경을 취소하거나 답변을 기다린 뒤 취소를 요청해 주세요.
cancel-request-reason = 취소하시려는 이유는 무엇인가요? 짧게 입력하시거나 <b>건너뛰기</b>를 누르세요. /cancel 을 누르면 여기서 중단되며 아무것도 보내지 않습니다.
cancel-request-skip = 건너뛰기
cancel-request-sent = 📨 <code>{ $code }</code>의 취소 요청을 관리자에게 보냈습니다. 답변을 알려 드리겠습니다. 그때까지 예약은 유지됩니다.
cancel-request-dropped = 취소 요청을 보내지 않았습니다.
cancel-request-approved = ✅ 취소 요청이 승인되었습니다: { $course } { $date } { $time } 예약 (코드 { $code })이 취소 및 환불되었습니다. { $amount }이 돌아갑니다.
cancel-request-declined = ✖️ { $course } { $date } { $time } 예약 (코드 { $code })의 취소 요청이 거절되었습니다. 예약은 유지됩니다.
cancel-request-group-approved = ✅ 취소 요청이 승인되었습니다: { $course } { $date } 그룹 ({ $time }부터 티타임 { $flights }개)이 취소 및 환불되었습니다. 파트너가 { $amount }을 환급했습니다.
notify-admin-refunded = 관리자가 { $course } { $date } { $time } 예약 (코드 { $code })을 취소하고 환불했습니다. { $amount }이 돌아갑니다.
notify-admin-released = 관리자가 { $course } { $date } { $time } 홀드를 해제했습니다. 결제된 금액은 없습니다.
notify-admin-group-refunded = 관리자가 { $course } { $date } 그룹 ({ $time }부터 티타임 { $flights }개)을 취소하고 환불했습니다. 파트너가 { $amount }을 환급했습니다.
admin-amount-unknown = 금액 미기재
golfer-copy-link = 이 링크를 <code>{ $code }</code>의 골퍼에게 보내세요. 티타임까지 한 사람이 한 번 사용할 수 있습니다:
    { $url }
golfer-copy-btn-share = 📤 공유
golfer-copy-share-text = 티타임 예약
golfer-copy-not-paid = 결제되었고 티타임이 아직 남은 예약만 골퍼에게 보낼 수 있습니다.
golfer-copy-claimed = ⛳ 이 예약이 이제 /mybookings 에 있습니다 (읽기 전용).
golfer-copy-btn-view = 📋 예약 보기
golfer-copy-unknown = 유효하지 않은 링크입니다.
golfer-copy-used = 이 링크는 이미 다른 사람이 사용했습니다. 예약한 분에게 새 링크를 요청하세요.
golfer-copy-expired = 이 링크는 만료되었습니다 (티타임이 지났습니다).
golfer-copy-own = 본인의 예약입니다. 대신 골퍼에게 링크를 보내세요.
golfer-copy-again = 아직 아무도 이 링크를 열지 않아 이전과 같은 링크입니다. 골퍼가 열면 📨 골퍼에게 보내기를 다시 눌러 다음 링크를 받으세요.
golfer-copy-all-used = 이 예약의 골퍼 링크 { $limit }개가 모두 열렸습니다. 예약 한 건에 플레이어당 링크 하나입니다.

## Paying
pay-prepaid = 선결제: 그린피 { $amount } ({ $players } × { $each })
pay-at-course = 골프장에서: { $caddy }, 이용 시 카트와 캐디 팁
pay-at-course-caddy = 캐디 1인당 { $price }
pay-at-course-caddy-free = 캐디 포함
pay-at-course-caddy-unknown = 캐디 요금은 골프장 기준
pay-held-until = { $time }까지 결제해 주세요 ({ $minutes }분). 그때까지 티타임이 홀드됩니다.
pay-btn-pay = 💳 PromptPay로 결제
pay-btn-request = 💳 결제 요청 (QR)
pay-panel-closed = 💳 아래 QR 코드를 은행 앱으로 스캔한 후, 이체 영수증 사진을 여기로 보내 주세요.
pay-booking-line = ⛳ { $course } · { $date } { $time } · { $players }명
pay-group-line = ⛳ { $course } · { $date } { $times } · { $players }명, 티타임 { $flights }개
pay-title = PromptPay로 { $amount } 결제
pay-to = 받는 분 { $payee } · 참조 <code>{ $reference }</code>
pay-deadline = ⏳ { $time }까지 결제해 주세요. 그때까지 티타임이 홀드됩니다.
pay-send-slip = 그다음 이체 영수증 사진을 여기로 보내 주세요. 에이전트가 확인하는 즉시 예약이 확정됩니다.
pay-btn-cancel = ✖ 이 예약 취소
pay-slip-already-confirmed = 예약이 이미 확정되었습니다. 더 결제하실 것이 없습니다.
pay-slip-late-customer = ⚠️ 영수증이 도착하기 전인 { $time }에 티타임 홀드가 끝나 예약할 수 없었습니다. 에이전트가 영수증을 받았으며 돈을 돌려드리거나 함께 다시 예약할 것입니다.
pay-slip-received = 🧾 감사합니다. 영수증 ({ $amount })이 에이전트에게 전달되었습니다. 결제가 확인되는 즉시 예약이 확정됩니다.
pay-slip-verified = ✅ { $amount } 이체가 은행에서 확인되었습니다. 예약이 확정되었으며 영수증이 곧 전송됩니다.
pay-slip-check-refused = ⚠️ 이 영수증은 받을 수 없습니다: { $why }
    은행 앱에서 이체 내역을 확인하고 올바른 영수증을 보내 주시거나, 이 영수증을 받은 에이전트를 기다려 주세요.
pay-slip-check-retrying = ⏳ 감사합니다. 은행에서 아직 { $amount } 이체를 확인하지 않았습니다. 약 { $minutes }분 후에 자동으로 다시 확인합니다. 영수증을 다시 보낼 필요는 없습니다. 에이전트에게도 전달되었습니다.
pay-check-why-amount-mismatch = 이체 금액이 { $amount }이 아닙니다.
pay-check-why-payee-mismatch = QR의 계좌가 아닌 다른 계좌로 이체되었습니다.
pay-check-why-duplicate = 이 이체는 이미 결제에 사용되었습니다.
pay-check-why-not-a-slip = 이 사진은 이체 영수증이 아닙니다 (영수증 QR 코드 없음).
pay-check-why-no-such-transfer = 은행에서 이 이체를 찾을 수 없습니다.
pay-check-why-too-old = 이 예약의 결제 요청 전에 이루어진 이체입니다.
pay-slip-too-large = 📎 이미지가 너무 커서 QR 코드를 자동으로 읽을 수 없어, 에이전트가 직접 영수증을 확인합니다. 다음에는 영수증 스크린샷이나 더 작은 사진을 보내 주세요.
pay-slip-limit = 📎 이 결제의 영수증은 이미 에이전트에게 전달되었습니다 (최대 { $limit }장). 그래서 이번 영수증은 전달되지 않았습니다. 에이전트가 결제를 확인할 때까지 기다려 주세요. 문제가 있거나 에이전트가 새 영수증을 요청하면 에이전트에게 직접 연락해 주세요.
pay-not-yours = 고객님의 버튼이 아닙니다.
pay-rejected-customer = ⚠️ 에이전트가 { $amount } (참조 <code>{ $reference }</code>)을 받지 못했습니다. 결제하셨다면 영수증을 다시 보내시거나 에이전트에게 연락하세요.
pay-expired-customer = ⚠️ 결제가 확인되기 전에 티타임 홀드가 끝나 예약할 수 없었습니다. 에이전트가 돈을 돌려드리거나 함께 다시 예약할 것입니다.
pay-expired-slip-customer = { $amount } (참조 <code>{ $reference }</code>) 결제가 에이전트에게 도착했지만, { $time }에 홀드가 끝나기 전에 승인되지 않아 예약되지 않았습니다. 에이전트가 돈을 돌려드릴 것입니다.
pay-approved-not-booked-customer = ⚠️ { $amount } (참조 <code>{ $reference }</code>) 결제가 승인되었지만, 홀드가 끝나기 전에 골프장 시스템에서 티타임을 확정할 수 없어 예약되지 않았습니다. 에이전트가 돈을 돌려드릴 것입니다.
pay-cancel-checking = 에이전트가 영수증을 확인 중입니다. 취소는 에이전트에게 요청하세요.
pay-cancelled = ✖ 취소됨: 티타임이 해제되었고 결제된 금액은 없습니다.
pay-cancelled-group = ✖ 취소됨: 그룹의 티타임이 해제되었고 결제된 금액은 없습니다.
pay-cancel-refused-paid = 결제가 승인되어 예약이 확정되었습니다 (코드 { $code }). 여기서는 취소할 수 없습니다. 취소하시려면 /mybookings 를 사용하세요.
pay-cancel-refused-approved = 결제가 승인되어 예약을 확정하는 중입니다. 여기서는 취소할 수 없습니다. 결과는 에이전트가 알려 드립니다.
pay-cancel-refused-to-return = 결제가 승인되었지만 예약할 수 없었습니다. 에이전트가 돈을 돌려드릴 것입니다.
pay-cancel-refused-ended = 이 결제는 이미 종료되었습니다. 더 이상 홀드된 것이 없습니다.

## Groups
players-group-hint = { $max }명보다 많으신가요? 아래에서 인원을 선택하세요 (👥). fairway가 그룹을 위해 연속된 티타임을 제안합니다.
group-title = { $players }명, 티타임 { $flights }개
group-flight = { $n }. 🕒 { $time } · { $players }명 · { $amount }
group-total = 합계 { $amount }
group-paid-total = 결제 { $amount }
group-hint = 티타임을 옮기거나 인원 배분을 바꾼 후 계속하세요. 그룹 전체가 한 번의 홀드와 한 번의 결제입니다.
group-players = { $players }명 · 티타임 { $flights }개
group-none = 이날은 { $players }명이 연속된 티타임 (최대 { $gap }분 간격)에 들어갈 수 없습니다. 다른 티타임이나 날짜, 또는 더 적은 인원을 선택하세요.
group-moved = 선택하신 티타임으로는 그룹을 시작할 수 없습니다. 가장 가까운 그룹은 { $time }에 시작합니다.
group-placing = 그룹의 티타임을 홀드하는 중…
group-hold-failed = { $time } 티타임을 홀드할 수 없어 그룹의 홀드를 모두 해제했습니다. 결제된 금액은 없습니다. 가장 가까운 예약 가능 시간: { $alternatives }. 새 제안입니다.
group-hold-unknown = 파트너의 응답이 유실되어 { $time } 티타임이 홀드되었는지 확인할 수 없어, 그룹의 다른 홀드를 해제했습니다. 결제된 금액은 없습니다. 가장 가까운 예약 가능 시간: { $alternatives }. 새 제안입니다.
group-held-title = 티타임 { $flights }개가 홀드되었습니다
group-confirmed-title = 그룹 예약 완료: 티타임 { $flights }개
group-confirmed-footer = 아래의 캘린더 파일에 그룹의 모든 티타임이 있습니다. 즐거운 라운드 되세요!
group-outcome-partial = 결제가 도중에 멈췄습니다. 티타임 { $flights }개 중 { $paid }개가 예약 및 결제되었고 나머지는 해제되었습니다.
group-outcome-unknown = 결제 한 건이 완료되었는지 확인할 수 없었습니다. 지금까지 티타임 { $flights }개 중 { $paid }개가 결제되었고, 확정되지 않은 나머지는 해제되었습니다. 결과를 메시지로 알려 드리겠습니다.
group-outcome-expired = 그룹이 결제되기 전에 홀드가 끝났습니다. 티타임 { $flights }개 중 { $paid }개가 결제되었습니다.
group-outcome-released = 그룹의 홀드가 해제되었습니다. 티타임 { $flights }개 중 { $paid }개가 결제되었습니다.
flight-title = 티타임 { $n }: 다른 시간
flight-hint = 그룹의 다른 티타임과 { $gap }분 이내인 예약 가능 티타임:
flight-none = 여기에 맞는 다른 티타임이 없습니다 (그룹의 다른 티타임과 { $gap }분 이내). 뒤로 가서 이 티타임을 유지하세요.
split-title = { $players }명을 어떻게 나눌까요?
split-hint = 티타임별 인원, 시간 순서대로.
golfers-title = 다른 플레이어 이름 (선택)
golfers-hint = 최대 { $count }명의 이름을 한 줄에 하나씩 또는 쉼표로 구분해 입력하세요. 티타임과 함께 전달됩니다. 또는 건너뛰기를 누르세요.
golfers-too-many = 1~{ $count }명의 이름을 한 줄에 하나씩 입력하시거나 건너뛰기를 누르세요.
flight-paid = ✅ 결제됨
flight-held = ⏳ 홀드됨
flight-checking = ❓ 확인 중
flight-released = ✖️ 해제됨
flight-refunded = ↩️ 환불됨
btn-move-flight = 🕒 { $n }: { $time }
btn-change-split = 👥 인원 배분 변경
btn-group-continue = 계속 ▶️
btn-skip-golfers = 건너뛰기
btn-confirm-group = ✅ { $flights }개 모두 확인 및 결제
btn-request-group-cancellation = ✖️ 그룹 취소 요청
group-status = { $state ->
    [paid] 👥 그룹 확정 및 결제 완료
    [partial] 👥 그룹 일부 결제
    [held] 👥 그룹 홀드됨 (미결제)
    [busy] 👥 그룹 예약 중
    [refunded] 👥 그룹 환불됨
   *[released] 👥 그룹 해제됨
    }
group-flight-of = 그룹의 티타임 { $n }: 뒤로를 누르면 그룹 전체가 보입니다.
ics-group-summary = { $course } 티타임 { $n }/{ $flights }
ics-group-caption = 📅 { $date }의 티타임 { $flights }개를 캘린더에 추가
notify-group-paid = ✅ 좋은 소식입니다: { $course } { $date } 그룹이 확정되었고 모든 티타임이 결제되었습니다 ({ $amount }):
    { $lines }
notify-group-partial = ⚠️ { $course } { $date } 그룹은 일부만 결제되었습니다. 티타임 { $flights }개 중 { $paid }개가 예약되었고 ({ $amount }) 나머지는 해제되었습니다:
    { $lines }
notify-group-expired = ⏳ { $course } { $date } 그룹의 홀드가 시간 내에 확정되지 않아 해제되었습니다. 결제된 금액은 없습니다.
    { $lines }
notify-group-released = ⚠️ { $course } { $date } 그룹의 홀드가 해제되었습니다. 홀드 또는 해제 중 fairway가 중단되었으나 처리를 마쳤습니다. 결제된 금액은 없습니다. 티타임이 아직 필요하시면 /book 으로 다시 예약하세요.
    { $lines }

## Sandbox demo
sandbox-mark = 🧪 샌드박스 — 실제 예약이 아닙니다

## Find a tee time (/find, plain words)
menu-find = 🔎 티타임 찾기
find-title = 🔎 티타임 찾기
find-criteria = 📅 { $dates } · 🕐 { $window } · 👥 { $players }명 · 📍 { $area } · 💰 { $price }
find-today = 오늘
find-tomorrow = 내일
find-weekend = 이번 주말
find-weekend-dates = { $from } 및 { $to }
find-window-any = 아무 때나
find-area-any = 어디든
find-area-near = 내 위치 근처
find-price-any = 가격 무관
find-price-max = { $price } 이하
find-read-as = 이렇게 이해했습니다: <i>{ $text }</i>
find-count = 골프장 { $courses }곳에서 티타임 { $hits }개
find-sorted-earliest = 이른 순
find-sorted-cheapest = 저렴한 순
find-sorted-nearest = 가까운 순
find-line = { $n }. <b>{ $time }</b> { $course } — 1인 { $price } × { $players }명 = <b>{ $total }</b>{ $extra }
find-caddy-free = · 캐디 포함
find-caddy-price = · 캐디 { $price } 골프장에서 지불
find-km = · { $km }km
find-page = { $pages }쪽 중 { $page }쪽
find-none = 검색한 골프장 { $courses }곳에서 조건에 맞는 것이 없습니다. 조건 하나를 완화해 보세요:
find-no-courses = 이 지역에 맞는 골프장이 없습니다. 아래에서 다른 지역을 선택하세요.
find-failed = ⚠️ { $courses }에서 응답이 없어 해당 티타임은 표시되지 않습니다. 잠시 후 다시 시도하세요.
find-unavailable = ⚠️ 지금은 골프장 목록을 사용할 수 없습니다. 아래 조건을 눌러 다시 시도하세요.
find-expired = 이 검색은 만료되었습니다. 새로 검색하려면 /find 를 보내세요.
find-btn-earliest = 이른 순
find-btn-cheapest = 저렴한 순
find-btn-nearest = 가까운 순
find-btn-date = 📅 날짜
find-btn-window = 🕐 시간
find-btn-players = 👥 인원
find-btn-area = 📍 지역
find-btn-price = 💰 가격
find-btn-near = 📍 위치 근처…
find-btn-share-location = 📍 내 위치 공유
find-relax-window = 🕐 아무 때나
find-relax-area = 📍 어디든
find-relax-price = 💰 가격 무관
find-relax-date = 📅 { $date }
find-choose-date = 날짜를 선택하세요:
find-choose-window = 시간대를 선택하세요:
find-choose-players = 몇 명이 플레이하시나요?
find-choose-area = 지역을 선택하세요:
find-choose-price = 1인당 최고 가격:
find-share-location = 위치를 공유하세요 (📎 메뉴 또는 아래 버튼). 그 위치에서 50km 이내의 골프장을 보여 드립니다.
find-location-set = 그 위치 근처에서 찾고 있습니다.
find-btn-calendar = 📆 다른 날짜…
find-horizon-beyond = ⚠️ 티타임은 { $days }일 전부터 판매되어 { $last }까지 검색할 수 있습니다. 아직 판매 전: { $dates }.
find-horizon-past = ⚠️ 이미 지난 날짜: { $dates }. 티타임은 오늘부터 { $last }까지 ({ $days }일 앞까지) 검색할 수 있습니다.
find-horizon-partly = ℹ️ 티타임은 { $last }까지 ({ $days }일 앞까지) 검색할 수 있습니다. 제외됨: { $dates }.
find-line-group = { $n }. <b>{ $time }</b> { $course } — 티타임 { $flights }개 ({ $split }) = <b>{ $total }</b>{ $extra }

## Watches: tell me when a tee time opens (/watches)
find-btn-watch = 🔔 자리가 나면 알려 주세요
slot-btn-watch = 🔔 자리가 나면 알려 주세요
watch-criteria = 📅 { $dates } · 🕐 { $window } · 👥 { $players } · 📍 { $place } · 💰 { $price }
watch-players = { $players }명
watch-players-any = 인원 무관
watch-created =
    지켜보고 있습니다: { $what }
    조건에 맞는 티타임이 나오면 바로 메시지를 드리겠습니다. /watches 에서 알림 목록을 볼 수 있습니다.
watch-exists =
    이미 지켜보고 있습니다: { $what }
    /watches 에서 알림 목록을 볼 수 있습니다.
watch-limit = 이미 검색 { $limit }개를 지켜보고 있으며, 이것이 최대입니다. 다른 것을 지켜보려면 /watches 에서 하나를 중지하세요.
watch-date-passed = 그 날짜는 지났습니다. /find 로 다시 검색하세요.
watch-not-on-sale = 그 날짜는 아직 판매 전입니다. 티타임은 { $days }일 전부터 { $last }까지 판매됩니다. 그때까지의 날짜를 지켜보세요: /find 로 다시 검색하세요.
watch-list-title = 🔔 알림 ({ $limit }개 중 { $count }개)
watch-list-empty = 지켜보는 티타임이 없습니다. /find 결과가 너무 적거나 /book 에서 골프장의 하루가 매진되면 🔔 자리가 나면 알려 주세요 를 누르세요.
watch-list-ended = 최근 종료됨:
watch-state-waiting = 👀 지켜보는 중 · 곧 첫 확인
watch-state-not-on-sale = 👀 지켜보는 중 · 티타임 판매가 시작되는 { $date }부터 확인
watch-state-checked = 👀 지켜보는 중 · 마지막 확인 { $time }
watch-state-failing = ⚠️ 파트너가 응답하지 않습니다. 곧 다시 확인합니다
watch-state-stopped = 중지됨
watch-state-ended = 종료됨: 날짜가 지났습니다
watch-alerted = 티타임 { $alerts }개 알림
watch-btn-stop-n = 🛑 { $n } 중지
watch-btn-stop = 🛑 지켜보기 중지
watch-stopped = 중지했습니다. 이 검색의 알림은 더 이상 없습니다.
watch-not-active = 이 알림은 이미 종료되었습니다.
watch-alert-title = 티타임 { $count }개가 방금 열렸습니다
watch-alert-price = 1인 { $price } × { $players }명 = <b>{ $total }</b>
watch-alert-price-each = 1인당 { $price }
watch-alert-more = …그리고 { $more }개 더: /find 에서 모두 볼 수 있습니다.
watch-alert-hint = 예약하기를 누르세요. 티타임이 아직 열려 있는지 확인하고 바로 골퍼 정보 입력으로 갑니다.
watch-btn-book = 📅 예약하기: { $time } { $course }
watch-alert-invalid = 이 알림은 더 이상 유효하지 않습니다.
watch-gone = 그 티타임은 다시 예약되었습니다.
watch-gone-watching = 그 티타임은 다시 예약되었습니다. 계속 지켜보다가 다른 자리가 나면 알려 드리겠습니다.
watch-over-price = 그 티타임은 이제 이 알림의 최고 가격보다 비쌉니다.
watch-over-price-watching = 그 티타임은 이제 이 알림의 최고 가격보다 비쌉니다. 계속 지켜보다가 다른 자리가 나면 알려 드리겠습니다.

## Tee sheet
tee-sheet-button = 🗓 티 시트
tee-sheet-menu = 티 시트
tee-sheet-expired = 그 티 시트 선택은 만료되었습니다. 티 시트를 열고 티타임을 다시 누르세요.

## E-voucher (src/vouchers/)
voucher-title = 전자 바우처
voucher-date = 날짜
voucher-time = 티오프 시간
voucher-players = 인원
voucher-players-count = { $players }명
voucher-lead = 대표 골퍼
voucher-code = 예약 번호
voucher-flights = 티오프 시간
voucher-flight = { $time } · { $players }명 · { $code }
voucher-money = 결제
voucher-scan = 스캔하여 바우처 확인
voucher-agency = { $agency } 예약: { $contact }
voucher-caption = 🎫 { $course } 전자 바우처입니다. 골퍼분들께 전달하세요. QR로 유효 여부를 확인할 수 있습니다.
voucher-check-title = 바우처 확인
voucher-check-valid = 유효
voucher-check-valid-detail = 이 티타임은 결제 및 예약이 완료되었습니다.
voucher-check-void = 무효
voucher-check-void-detail = 이 예약은 취소되었습니다. 이 바우처는 더 이상 유효하지 않습니다.
voucher-check-moved = 변경됨
voucher-check-moved-detail = 이 예약은 다른 티타임으로 변경되었습니다. 이 바우처는 더 이상 유효하지 않습니다. 새 바우처는 예약하신 분께 요청하세요.
voucher-check-pending = 아직 확정되지 않음
voucher-check-pending-detail = 이 예약은 아직 확정되지 않았습니다. 여행사에 문의하세요.
voucher-check-partial = 일부 유효
voucher-check-partial-detail = 일부 티타임이 취소되었습니다. 유효로 표시된 티타임만 유효합니다.
voucher-check-flight-valid = 유효
voucher-check-flight-void = 무효

## Moving a booking: what its customer hears, and the new calendar file
move-customer-done = 🔁 티타임이 변경되었습니다: { $course }, { $date } { $time }, { $players }명 — 예약 코드 { $newCode }. 새 전자 바우처와 캘린더 파일이 이어서 전송되며, 이전 것은 더 이상 유효하지 않습니다.
move-customer-kept = 티타임 { $code } 변경이 이루어지지 않았습니다. 예약은 그대로 유지됩니다.
move-customer-stranded = ⚠️ 티타임 { $code } 은(는) 취소되었지만 새 티타임을 예약하지 못했습니다. 담당 에이전트가 다시 예약하거나 환불해 드리기 위해 연락드릴 예정입니다.
move-ics-caption = 📅 캘린더용 새 티타임입니다. 이전 일정을 대체합니다.
btn-move = 🔁 다른 티타임으로 변경
move-pick-date = 🔁 { $code } · { $course } 변경: 새 날짜를 선택하세요.
move-pick-time = 🔁 { $code } · { $course }, { $date } 변경: 새 티타임을 선택하세요.
move-pick-none = { $date }에는 { $code } 골프장에 예약 가능한 티타임이 없습니다. 다른 날짜를 선택하세요.
move-pick-players = 🔁 { $code } · { $course }, { $date } { $time } 변경. 인원 (현재 { $was }명):
move-btn-hold = 🔁 이 티타임 확보
move-slot-gone = 방금 다른 분이 예약했거나 마감된 티타임입니다. 다른 시간을 선택하세요.
move-btn-course = ⛳ 다른 골프장
move-pick-course = 🔁 { $code } 변경: 골프장을 선택하세요.
move-course-gone = 지금은 그 골프장을 선택할 수 없습니다. 다른 골프장을 선택하세요.
move-tee-time-course = { $course } · { $date } { $time } · { $players }명 · { $amount }
move-holding = 새 티타임을 확보하는 중…
move-customer-dearer = 해당 티타임은 현재 예약보다 비쌉니다. 변경하시려면 담당 에이전트에게 문의하세요. 차액은 에이전트가 안내해 드립니다.
move-customer-costs-less = 새 티타임이 { $amount } 저렴합니다. 차액은 담당 에이전트가 돌려드립니다.
move-customer-pay = 변경하시려면 아래 QR 코드로 프롬프트페이(PromptPay)를 통해 차액을 결제해 주세요.
move-pay-send-slip = 그런 다음 이체 영수증 사진을 여기로 보내 주세요. 담당 에이전트가 확인하면 변경 요청이 관리자 승인으로 넘어갑니다.
move-customer-paid = ✅ { $code } 변경을 위한 { $amount } 결제가 확인되었습니다. 이제 관리자의 승인을 기다리고 있습니다.
move-customer-pay-return = 차액으로 결제하신 { $amount } 은(는) 담당 에이전트가 돌려드립니다.
move-not-yours = 이 예약의 변경은 예약하신 분, 담당 에이전트, 관리자만 할 수 있습니다.
move-not-paid = 예약 { $code } 은(는) 결제되지 않았습니다. 결제된 예약만 변경할 수 있습니다.
move-open = 예약 { $code } 에 이미 처리 중인 변경 요청이 있습니다.
move-cancel-requested = 예약 { $code } 의 취소 요청이 관리자의 답변을 기다리고 있어, 결정 전에는 변경할 수 없습니다.
move-started = 예약 { $code } 의 티타임이 이미 시작되었습니다. 시작된 라운드는 변경할 수 없습니다.
move-title = 🔁 { $code } · { $customer } 변경
move-old = 현재:
move-new = 변경:
move-tee-time = { $date } { $time } · { $players }명 · { $amount }
move-same-price = 가격은 같습니다.
move-costs-more = 새 티타임이 { $amount } 더 비쌉니다.
move-held-until = 새 티타임은 { $time }까지 확보되어 있습니다 ({ $minutes }분).
move-btn-keep = ✖️ 기존 예약 유지
move-sent-to-admins = 관리자에게 승인을 요청했습니다.
move-working = 변경하는 중…
move-not-held = 새 티타임을 확보하지 못했습니다. 변경된 내용은 없습니다.
move-decided = { $code } 변경은 이미 처리되었습니다.
move-too-late = { $code } 변경이 취소되었습니다. 승인 전에 티타임이 시작되었습니다. 환불은 없었고 새 티타임은 해제되었습니다.
move-pending = { $code } 에 대한 응답을 아직 받지 못했습니다. 다시 확인하여 변경을 마무리합니다.
move-retrying = { $code } 의 새 티타임 { $newCode } 결제가 아직 완료되지 않았습니다. 확보되어 있는 동안 다시 시도합니다.
move-held = { $code } 의 새 티타임을 확보했습니다.

# Trips: a round booked when its day goes on sale
trip-opened-customer = ⛳ { $date } { $course } 라운드가 예약되었습니다: 티타임 { $time }, { $players }명. 바우처가 곧 전송됩니다.
trip-ics-round = ⛳ { $course } — { $rounds }회 중 { $n }번째 라운드
trip-ics-booked = 예약 완료, { $players }명.
trip-ics-quoted = { $players }명 예정: 티타임은 이 날짜의 판매가 시작되면(35일 전) 확정됩니다.
trip-ics-cancelled = 취소됨.
trip-ics-lines = 여행에 포함된 다른 항목:
    { $lines }
trip-balance-soon = 🔔 여행 잔금 { $amount }의 납부 기한은 { $due }입니다(참조 { $reference }). PromptPay로 결제하고 이체 확인증을 여기로 보내 주시거나 담당 에이전트에게 문의하세요.
trip-balance-today = 🔔 여행 잔금 { $amount }의 납부 기한이 오늘({ $due })입니다(참조 { $reference }). PromptPay로 결제하고 이체 확인증을 여기로 보내 주시거나 담당 에이전트에게 문의하세요.
trip-itinerary-title = 여행 일정
trip-itinerary-party = { $lead } · 골퍼 { $players }명
trip-itinerary-booked = 예약 완료 · { $players }명
trip-itinerary-planned = 예정 · 티타임은 해당 날짜 판매 시작 시 확정
trip-itinerary-cancelled = 취소됨
trip-itinerary-lines = 포함 사항
trip-itinerary-caption = 🗺 여행 일정입니다. 일행에게 전달하세요. 각 라운드의 바우처는 예약되면 전송됩니다.
# trips
trip-not-found = 이 여행은 여기에서 열 수 없습니다.
trip-only = 고객님의 링크는 한 여행 전용입니다: /trips 에서 확인하세요.
hold-refused-trip-only = 고객님의 링크는 한 여행 전용입니다: 라운드는 담당 에이전트가 예약해 드립니다.
trip-quote-title = ⛳ <b>고객님의 골프 여행</b> · { $lead } · 골퍼 { $players }명
trip-quote-round = { $date } { $time } · { $course } · { $players }명 · { $price }
trip-quote-total = <b>합계: { $total }</b>
trip-quote-schedule = 수락 시 계약금 { $deposit }, 잔금 { $balance }은 { $due }까지.
trip-quote-pay-all = 수락 시 전액 { $total }을 결제합니다.
trip-quote-ladder-title = <b>취소 시</b>
trip-quote-ladder-step = 첫 라운드 { $days }일 전 이상: 여행 금액의 { $percent }% 환불
trip-quote-ladder-rest = 그 이후: 환불되지 않습니다.
trip-quote-state = { $state ->
    [accepted] ✅ 이 여행을 수락하셨습니다. 계약금을 결제해 주세요.
    [deposit_paid] ✅ 계약금을 받았습니다.
    [paid] ✅ 전액 결제되었습니다.
    [completed] 완료되었습니다.
    [cancelled] 이 여행은 취소되었습니다.
   *[other] 이 견적은 수락할 수 없는 상태입니다.
  }
trip-btn-accept = ✅ 이 여행 수락하기
trip-accepted = 감사합니다. 여행이 확정되었습니다. 계약금 { $amount }은 오늘까지입니다.
trip-pay-agent-tells = 결제 방법은 담당 에이전트가 안내해 드립니다.
trip-pay-what = { $kind ->
    [deposit] 골프 여행 계약금
   *[other] 골프 여행 잔금, { $due }까지
  }
trip-pay-send-slip = 그다음 이체 영수증 사진을 여기로 보내 주세요. 담당 에이전트가 확인 후 확정합니다.
trip-slip-received = 🧾 감사합니다. 영수증({ $amount })이 담당 에이전트에게 전달되었으며, 확인 후 결제를 확정합니다.
trip-slip-rejected = 담당 에이전트가 { $amount } 입금을 찾지 못했습니다. 확인 후 영수증을 다시 보내 주시거나 에이전트에게 문의하세요.
trip-deposit-approved = ✅ 계약금 { $amount }을 받았습니다. 라운드를 예약하고 있습니다.
trip-balance-approved = ✅ 잔금 { $amount }을 받았습니다. 여행 금액이 모두 결제되었습니다.
trip-ics-caption = 📅 여행 라운드를 캘린더에 추가하세요. 이후에 받는 파일이 일정을 업데이트합니다.
# receipts and tax invoices
btn-receipt = 🧾 영수증
receipt-sending = PDF를 보내는 중…
receipt-unpaid = 영수증은 예약 결제가 완료된 후에 발행됩니다.
receipt-caption = 🧾 예약 { $code } 의 영수증 { $number }
btn-tax-invoice = 🧾 세금계산서
tax-invoice-not-registered = 이 에이전시는 부가가치세 등록 사업자가 아니어서 세금계산서를 발행하지 않습니다. 이 결제의 증빙은 영수증입니다.
tax-invoice-busy = 진행 중인 예약을 먼저 마치거나 /cancel 한 뒤 세금계산서를 다시 요청해 주세요.
tax-invoice-intro = 🧾 정식 세금계산서에는 구매자 정보가 들어갑니다. 질문은 네 가지이며 /cancel 로 중단할 수 있습니다.
tax-invoice-ask-name = 구매자 이름 (법인의 등록 상호 또는 개인의 성명):
tax-invoice-ask-address = 등록된 구매자 주소:
tax-invoice-ask-tax-id = 구매자의 납세자 번호 (13자리, 하이픈과 공백 허용):
tax-invoice-tax-id-invalid = 올바른 납세자 번호가 아닙니다. 13자리이며 마지막 검증 숫자가 맞아야 합니다. 다시 입력해 주세요. 이름과 주소는 그대로 유지됩니다.
tax-invoice-ask-branch = 본사입니까, 지점입니까? 본사를 누르거나 지점 번호(최대 5자리)를 입력해 주세요.
tax-invoice-head-office = 🏢 본사
tax-invoice-branch-invalid = 지점 번호는 최대 5자리입니다 (예: 00001). 다시 입력하거나 본사를 눌러 주세요.
tax-invoice-too-long = { $max }자 이내로 다시 입력해 주세요.
tax-invoice-caption = 🧾 예약 { $code } 의 세금계산서 { $number }
tax-invoice-issued = ✅ 세금계산서 { $number } 가 발행되었습니다. PDF가 곧 전송됩니다.
credit-note-caption = 🧾 예약 { $code } 의 감액 전표 { $number } (세금계산서 { $invoice } 참조)
# when the course changes the plan
course-ended-customer = ⛳ <b>골프장에서 티타임을 취소했습니다</b>
    { $course }, { $date } { $time } (코드 { $code })
    { $owes ->
        [yes] 환불받으실 금액은 { $owed }이며, 담당 에이전트가 돌려드립니다.
       *[no] 담당 에이전트가 연락드릴 예정입니다.
    }
    일정 변경으로 불편을 드려 죄송합니다.
course-moved-customer = ⛳ <b>골프장에서 티타임을 변경했습니다</b>
    { $course }: 변경 후 { $date } { $time } (변경 전 { $fromDate } { $fromTime }), 코드 { $code }.
voucher-check-course-cancelled = 골프장 취소
voucher-check-course-cancelled-detail = 골프장에서 이 티타임을 취소했습니다. 이 바우처는 더 이상 유효하지 않습니다. 환불이나 다른 티타임은 예약해 주신 분께 문의하세요.
voucher-check-flight-course-cancelled = 골프장 취소
# hold warning
pay-hold-warning = 티타임은 { $time }까지만 홀드됩니다({ $minutes }분 남음). 아직 결제가 확인되지 않았습니다. 아래 QR로 지금 결제하고 영수증을 보내 주세요. 그렇지 않으면 홀드가 만료됩니다.
pay-hold-warning-slip = 티타임은 { $time }까지만 홀드됩니다({ $minutes }분 남음). 보내 주신 영수증은 아직 확인 중입니다. 아직 결제하지 않으셨다면 아래 QR로 지금 결제해 주세요.

# Trips: cancelling
trip-cancelled-customer = 여행({ $reference })이 취소되었습니다. { $refund }이(가) 환불되며, 담당 에이전트가 처리해 드립니다.
# trip receipts
trip-receipt-caption = 🧾 골프 여행 { $reference } { $kind ->
    [deposit] 계약금
   *[other] 잔금
  } 영수증 { $number }
trip-receipt-unpaid = 영수증은 이 여행 결제가 승인된 후에 발행됩니다.

# move difference receipts
move-receipt-caption = 🧾 예약 { $code }(으)로 변경하며 결제하신 차액의 영수증 { $number }
move-receipt-unpaid = 영수증은 이번 변경을 위해 결제하신 차액이 승인된 후에 발행됩니다.
# 골프장이 취소한 여행 라운드
course-ended-trip = 🧳 이 라운드는 여행 { $reference }의 일부였습니다: 라운드 요금 { $price }을(를) 여행 요금에서 차감합니다.
course-ended-trip-balance = 남은 잔금은 이제 { $balance }입니다.
# A trip owns its rounds' bookings (bookings/ownership.ts)
error-trip-owns = 🧳 이 예약은 여행의 한 라운드이며 요금은 여행에서 관리되므로 아무것도 처리되지 않았습니다. 여행(/trips)에서 변경하거나 취소해 주세요.
move-trip-round = 예약 { $code }은(는) 여행의 한 라운드라 따로 변경할 수 없습니다. 여행 변경은 관리자에게 요청해 주세요.

# trips: editing a trip
trip-quote-changing = ✏️ 담당 에이전트가 이 견적을 수정하고 있습니다. 다시 보내 드리면 수락하실 수 있습니다.

# trip quote picture
trip-quote-image-title = 골프 여행 견적서
trip-quote-image-agent = 담당 에이전트: { $agent }
trip-quote-image-players = 골퍼 { $players }명
trip-quote-image-tbc = 티타임은 해당 날짜 판매 시작 시 확정
trip-quote-image-total = 합계
trip-quote-image-schedule = 결제 일정
trip-quote-image-deposit = 계약금, 수락 시
trip-quote-image-deposit-due = 계약금, { $due }까지
trip-quote-image-balance = 잔금, { $due }까지
trip-quote-image-pay-all = 전액, 수락 시
trip-quote-image-pay-all-due = 전액, { $due }까지
trip-quote-image-ladder = 취소 시
trip-quote-image-accept = 수락 방법: 에이전트가 텔레그램으로 보낸 링크를 열고 “이 여행 수락하기”를 누르세요.
trip-quote-image-caption = 🧾 여행 견적서 이미지입니다. 일행에게 전달하세요. 수락은 견적 아래의 버튼으로 하세요.
trip-quote-image-failed = 지금은 이미지를 만들 수 없습니다. 잠시 후 다시 시도하세요.

# trip tax invoices and credit notes
trip-tax-invoice-caption = 🧾 골프 여행 { $reference } { $kind ->
    [deposit] 계약금
   *[other] 잔금
  } 세금계산서 { $number }
trip-tax-invoice-unpaid = 세금계산서는 이 여행 결제가 승인된 후에 발행됩니다.
tax-invoice-same-buyer = 🧾 이 여행의 세금계산서 { $number } 는 다음 구매자에게 발행되었습니다:
    <b>{ $name }</b>
    { $address }
    사업자 번호 { $taxId } · { $office }
    같은 구매자에게 발행할까요?
tax-invoice-same-buyer-yes = ✅ 같은 구매자
tax-invoice-same-buyer-no = ✏️ 다른 구매자
tax-invoice-branch-no = 지점 { $branch }
trip-credit-note-caption = 🧾 골프 여행 { $reference } 의 감액 전표 { $number } (세금계산서 { $invoice } 참조)

## Trip slips checked by the slip-check service (features/trips/slip-check.ts)
trip-slip-verified = ✅ { $amount } 이체가 은행에서 확인되었습니다.
trip-slip-check-refused = ⚠️ 이 영수증으로는 여행 대금을 결제할 수 없습니다: { $why }
    QR의 계좌로 { $amount }을(를) 이체한 영수증을 보내 주시거나, 이 영수증도 받은 담당 에이전트에게 문의하세요.
trip-check-why-too-old = 이 결제 요청 전에 이루어진 이체입니다.
# trips in /mybookings
my-trips-title = 🗺 여행
my-trips-row = 🗺 <b>{ $lead }</b> · { $dates }
    총액 { $total } · 결제 완료 { $paid } · 남은 금액 { $due }
