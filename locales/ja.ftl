### 日本語 (Japanese): customer-facing messages only (src/bot/customer-keys.ts); any other key is read in English.

## Meta
locale-code = ja

## Command menu (everyone's and customers')
cmd-start = はじめに：このボットでできること
cmd-help = ヘルプ
cmd-language = 言語 / Language
cmd-book = ティータイムを予約
cmd-mybookings = 予約一覧
cmd-cancel = 進行中の予約を中止

## Menu and general
welcome =
    こんにちは、{ $name }さん！⛳ タイ各地のゴルフ場のティータイムを予約します。
    <b>ティータイムを予約</b>をタップして始めるか、いつでも /book を使ってください。/cancel で予約を中止できます。
menu-book = ⛳ ティータイムを予約
menu-my-bookings = 📋 予約一覧
menu-language = 🌐 言語 / Language
fallback-hint = よくわかりませんでした。ご希望の操作を選んでください：
private-only = ティータイムのご予約は、個別チャットでお話しください。
error-generic = 申し訳ありません。こちら側で問題が発生しました。このエラーによる請求はありません。もう一度お試しいただくか、/book で最初からやり直してください。
error-not-allowed = ⛔ お客様が行える操作ではないため、何も実行されず、請求もありません。/mybookings でご自身の予約を確認できます。その他のご用件は担当エージェントまたは代理店にお問い合わせください。
error-database-busy = ⏳ ただいま fairway が混み合っています。少し時間をおいてもう一度お試しください。
error-move-open = 🔁 この予約は変更の手続き中のため、何も行われませんでした。変更を承認または取り消してから(またはホールドの終了後に)もう一度お試しください。
menu-expired = このメニューは期限切れです。/book でもう一度始めてください。
menu-expired-released = この予約は期限切れのため、仮押さえを解除しました。/book でもう一度始めてください。
earlier-hold-released = 確定されていなかった以前の仮押さえを解除しました。
use-buttons-hint = 上のボタンを使うか、/cancel で中止してください。
input-commands-hint = 回答を入力するか、上のボタンを使うか、/cancel で中止してください。
flood-notice = メッセージの送信が速すぎるため、一部を読み飛ばしました。少し待ってから続けてください。
busy-toast = ⏳ ただいま fairway が混み合っています。まもなく応答します
language-choose = 言語を選んでください：
language-set = 言語を日本語に設定しました。

## Buttons
btn-back = ‹ 戻る
btn-back-summary = ‹ 概要に戻る
btn-cancel = ✖ キャンセル
btn-prev = ‹ 前へ
btn-next = 次へ ›
btn-refresh = 🔄 更新
btn-pick-date = 📅 日付を選ぶ
btn-location = 📍 所在地
btn-photo = 📷 写真
btn-other-date = 📅 別の日付
btn-new-customer = ➕ 新しいお客様
btn-keep = そのまま：{ $value }
btn-share-contact = 📱 自分の番号を共有
btn-confirm = ✅ 確定して支払う
btn-change = ✏️ 変更
btn-try-again = 🔄 再試行
btn-resume = ▶️ 続ける
btn-start-over = 🔁 最初から
btn-release = 🗑 この仮押さえを解除
btn-release-group = 🗑 グループ全体を解除

## Booking: course, date, tee time, players
course-title = ゴルフ場を選んでください
course-from-weekday = 平日 { $price } から
course-from-weekend = 週末 { $price } から
course-hours = 営業時間：{ $hours }
course-photo-unavailable = ただいまゴルフ場の写真を表示できません。
course-location-unavailable = ただいまゴルフ場の所在地を表示できません。
date-title = { $course }：日付を選んでください
date-hint = 日付はゴルフ場の現地時間です。• は今日です。
slot-title = { $course } · { $date }
slot-hint = 予約可能なティータイム { $count }件（{ $types }）。時刻はゴルフ場の現地時間、料金は1名あたりです。
slot-none = その日は予約可能なティータイムがありません。
slot-none-suggest = その日は予約可能なティータイムがありません。次の日付なら空きがあります：
slot-none-part = この時間帯にはティータイムがありません。別の絞り込みを選んでください。
part-all = すべて
part-morning = 午前
part-midday = 昼
part-afternoon = 午後
price-type = { $type ->
    [WEEKDAY] 平日料金
    [WEEKEND] 週末料金
    [HOLIDAY] 祝日料金
   *[other] { $type }
    }
players-title = 何名でプレーしますか？
players-slot = ティータイム { $time }、{ $date } · 1名あたり { $price }
players-range = このティータイムは { $min }〜{ $max }名でご利用いただけます。
caddy-free = キャディ込み
caddy-price = キャディ 1名あたり { $price }、ゴルフ場でお支払い

## Booking: golfer details
customer-title = どなたがプレーしますか？
customer-hint = 最近のお客様を選ぶか、新しいお客様を追加してください。お客様の氏名をそのまま入力することもできます。
name-title = お客様の氏名
name-hint = 予約に記載する氏名を入力してください。例：Somchai Jaidee。
email-title = お客様のメールアドレス
email-hint = 予約確認用のメールアドレスを入力してください。例：name@example.com。
mobile-title = お客様の携帯電話番号
mobile-hint = 携帯電話番号を入力してください。例：081-234-5678 または +66 81 234 5678。
mobile-share-hint = ご自身がプレーされる場合は、下のボタンでご自分の番号を共有できます。
reply-keyboard-done = ✓ 承知しました。
mobile-share-prompt = または、ご自分の番号を共有してください：
name-too-short = 氏名が短すぎます。フルネームを入力してください（2文字以上）。
name-too-long = 予約には氏名が長すぎます。短くしてください（80文字以内）。たとえばミドルネームを省いてください。
name-invalid = 氏名に使えるのは文字、スペース、ピリオド、アポストロフィ、ハイフンのみです。もう一度入力してください。
invalid-name-characters = 氏名に見えない文字や制御文字が含まれています。もう一度入力してください。
email-invalid = メールアドレスではないようです。ご確認ください。例：name@example.com。
mobile-invalid = 電話番号ではないようです。081-234-5678 のようなタイの携帯番号、または + で始まる国際番号を入力してください。
mobile-not-mobile = 固定電話の番号のようです。ゴルフ場がプレーヤーに連絡できるよう、携帯電話番号を入力してください。

## Booking: hold, summary, confirmation
hold-placing = このティータイムを仮押さえしています…
hold-busy = まだ仮押さえの処理中です。少ししてからもう一度お試しください。
hold-slot-taken = 申し訳ありません。そのティータイムはたった今埋まりました。最新の一覧です。
hold-unknown = パートナーからの応答が失われたため、仮押さえができたか確認できませんでした。請求はなく、担当チームに通知しました。入力内容は保存されています。ティータイムを選んでもう一度お試しください。
hold-expired = 仮押さえの期限が切れ、ティータイムは解除されました。もう一度ティータイムを選んでください。
held-title = ティータイムを仮押さえしました
held-until = { $time } まで仮押さえ中（残り { $minutes }分）。確定するとお支払いに進みます。
summary-players = { $count }名
summary-amount = 合計 { $amount }
summary-code = 予約コード { $code }
summary-txno = 取引番号 { $txno }
confirm-working = 確定してお支払い中…
confirm-insufficient = ただいまパートナーアカウントの残高が不足しており、この予約をお支払いできません。仮押さえと選択内容はそのままです。チャージ後にもう一度お試しいただくか、キャンセルしてください。
confirm-busy = この予約はすでに確定処理中です。結果を見るには「再試行」をタップしてください。
confirm-unknown = パートナーからの応答が失われたため、お支払いが完了したか確認できませんでした。パートナーに確認中で、結果をメッセージでお知らせします。その間、このティータイムを再度予約しないでください。
confirmed-title = 予約が確定しました
confirmed-footer = 下のカレンダーファイルでティータイムをカレンダーに追加できます。良いラウンドを！
ics-summary = { $course } のティータイム
ics-description = 予約コード { $code }、{ $players }名。fairway で予約。
ics-caption = 📅 カレンダーに追加

## Booking: change and cancel
change-title = 何を変更しますか？
change-hint = 変更すると現在の仮押さえは解除されます。その他の選択内容はそのままです。
change-course = ゴルフ場
change-date = 日付
change-time = ティータイム
change-players = 人数
change-details = プレーヤー情報
booking-in-progress = 進行中の予約があります。続けますか、それとも最初からやり直しますか？最初からやり直すと仮押さえは解除されます。
cancel-done = 予約をキャンセルしました。/book でもう一度始めてください。
cancel-released = 予約をキャンセルし、仮押さえを解除しました。/book でもう一度始めてください。
cancel-nothing = キャンセルする予約がありません。/book で予約を始めてください。
cancel-already-paid = この予約はすでにお支払い済みのため、変更されていません。/mybookings をご覧ください。
stuck-hint = どうしますか？
release-pending = 解除を処理中です。1分後にもう一度ご確認ください。
release-not-held = この予約には解除できる仮押さえがもうありません。
release-group-flight = このティータイムはグループの一部です。グループは全体でのみキャンセルでき、ティータイム1件だけをキャンセルすることはできません。
release-owned-by-move = このティータイムは承認待ちの変更のために確保されています。変更が承認・取り消しされるか、ホールドが終わると解除されます。何も解除されていません。

## My bookings
my-bookings-title = 予約一覧
my-bookings-hint = 最近の予約（新しい順）です。タップすると詳細を表示します。
my-bookings-empty = まだ予約がありません。
my-bookings-not-found = その予約は見つかりませんでした。
my-bookings-stale = パートナーに接続できなかったため、状況が最新でない可能性があります。
my-bookings-made = { $when } に予約
my-bookings-shared = 予約者から共有された予約です（閲覧のみ）。
status-label = { $state ->
    [intent] 準備中
    [reserving] 仮押さえ中
    [held] 仮押さえ済み（未払い）
    [reserve_failed] 予約されていません
    [reserve_unknown] 結果不明
    [confirming] 確定処理中
    [paid] 確定・支払い済み
    [releasing] 解除中
    [released] 解除済み
    [refunding] 返金処理中
    [refunded] 返金済み
   *[other] { $state }
    }

## Notifications
notify-expired = ⏳ { $course } { $date } { $time } の仮押さえは期限内に確定されなかったため、解除されました。
notify-paid = ✅ お知らせ：{ $course } { $date } { $time } のご予約が確定しました（コード { $code }）。
notify-released = { $course } { $date } { $time } の仮押さえを解除しました。
notify-reserve-unknown = ⚠️ { $course } { $date } { $time } の仮押さえができたか確認できませんでした。請求はありません。/book でもう一度ご予約ください。
notify-reserve-released = ⚠️ { $course } { $date } { $time } の仮押さえ処理が中断されたため、解除しました。請求はありません。/book でもう一度ご予約ください。
notify-refunded = { $course } { $date } { $time } のご予約は返金されました（コード { $code }）。

## Partner errors
partner-error-generic = 予約サービスでエラーが発生しました。もう一度お試しください。
partner-error-auth = 予約サービスが認証情報を拒否しました。管理者の対応が必要です。しばらくしてからお試しください。
partner-error-not-found = 予約サービスにこの項目はもうありません。もう一度選んでください。
partner-error-conflict = 予約の現在の状態ではその操作はできません。一覧を更新しました。
partner-error-slot-unavailable = そのティータイムはもう予約できません。
partner-error-validation = 予約サービスがこの内容を受け付けませんでした。プレーヤー情報をご確認ください。
partner-error-persons-out-of-range = このティータイムではその人数は選べません。もう一度選んでください。
partner-error-insufficient-credit = ただいまパートナーアカウントの残高が不足しています。
partner-error-rate-limited = 予約サービスが混み合っています。少ししてからもう一度お試しください。
partner-error-unavailable = 予約サービスが応答していません。少ししてからもう一度お試しください。
partner-error-outcome-unknown = 予約サービスからの応答が失われました。状況を確認しています。
partner-error-invalid-response = 予約サービスから読み取れない応答が届きました。少ししてからもう一度お試しください。

## Access: links and offers
stranger-explain =
    こんにちは！fairway は当社の販売エージェントとそのお客様のためにゴルフのティータイムを予約します。
    ご利用には、fairway のエージェントから個人用リンクを受け取って開くか、管理者にエージェントとして追加してもらってください。
stranger-short = このボットは fairway のエージェントとそのお客様専用です。エージェントにリンクをお求めください。
customer-welcome = ようこそ、{ $name }さん！エージェントからティータイム予約のご招待です。一緒に探しましょう。
link-refused-unknown = このリンクは無効です。送ってきたエージェントにご確認ください。
link-refused-revoked = このリンクは送ってきたエージェントによって取り消されました。
link-refused-expired = このリンクは期限切れです。エージェントに新しいリンクをお求めください。
link-refused-used-up = このリンクは利用できる回数をすでに使い切っています。エージェントに新しいリンクをお求めください。
link-refused-still-customer = 以前招待したエージェントを通じて、引き続き /book でご予約いただけます。
link-refused-agent-removed = このリンクを送ったエージェントは、もう fairway で販売していません。代理店にお問い合わせください。
access-ended-agent-removed = お客様を招待したエージェントがもう fairway で販売していないため、そのエージェントを通じた新しい予約は終了しました。これまでのご予約は /mybookings に残っています。再度ご予約の際は代理店にお問い合わせください。
access-ended-link-revoked = ご参加いただいたリンクをエージェントが取り消したため、そのリンクを通じた新しい予約は終了しました。これまでのご予約は /mybookings に残っています。エージェントに新しいリンクをお求めください。
hold-refused-stranger = 予約できるのは fairway のエージェントとそのお客様だけです。エージェントにリンクをお求めください。
hold-refused-agent-removed = { access-ended-agent-removed }
hold-refused-link-revoked = { access-ended-link-revoked }
hold-refused-other-agent = このティータイムは別のエージェントが案内したものです。お客様は招待したエージェントを通じてご予約いただきます。そのエージェントにお尋ねいただくか、/book をお使いください。
hold-refused-course = お客様のリンクは1つのゴルフ場専用のため、このティータイムは予約できません。そのゴルフ場のティータイムを選んでください。
hold-refused-too-many-holds = お支払い待ちの仮押さえがすでに { $max }件あります。/mybookings でいずれかをお支払いまたはキャンセルしてから、こちらをご予約ください。
offer-refused-unknown = この案内は無効です。送ってきたエージェントに新しい案内をお求めください。
offer-refused-expired = この案内は終了しました。ティータイムが過ぎています。
offer-refused-used-up = この案内は上限の人数まで開かれました。エージェントに新しい案内をお求めください。
offer-gone = 案内されたティータイムはたった今埋まりました。同じ日の近い空き時間：{ $times }
offer-gone-none = 案内されたティータイムはたった今埋まり、その日はほかに空きがありません。別の日付を選んでください。

## Reminders
reminder-hours = { $hours }時間
reminder-minutes = { $minutes }分
reminder-title = リマインダー：あと{ $before }でティーオフです
reminder-btn-booking = 📋 予約を見る
reminder-btn-cancel = ✋ キャンセルを依頼
reminder-btn-map = 📍 地図

## Cancellation requests, notices, the golfer's copy
btn-request-cancellation = 🙋 キャンセルを依頼
btn-send-to-golfer = 📨 プレーヤーに送る
cancel-request-not-paid = キャンセルできるのは、お支払い済みでティータイムがまだ先の予約だけです。
cancel-request-exists = この予約のキャンセル依頼はすでに管理者の回答待ちです。
cancel-request-move-open = この予約の変更が承認待ちです。先に変更を取り消すか回答を待ってから、キャンセルを依頼してください。
cancel-request-reason = キャンセルの理由は何ですか？短く入力するか、<b>スキップ</b>をタップしてください。/cancel でここで中止し、何も送信しません。
cancel-request-skip = スキップ
cancel-request-sent = 📨 <code>{ $code }</code> のキャンセル依頼を管理者に送りました。回答をお知らせします。それまで予約はそのままです。
cancel-request-dropped = キャンセル依頼は送信されませんでした。
cancel-request-approved = ✅ キャンセル依頼が承認されました：{ $course } { $date } { $time } のご予約（コード { $code }）はキャンセル・返金されました。{ $amount } が返金されます。
cancel-request-declined = ✖️ { $course } { $date } { $time } のご予約（コード { $code }）のキャンセル依頼は却下されました。予約はそのままです。
cancel-request-group-approved = ✅ キャンセル依頼が承認されました：{ $course } { $date } のグループ（{ $time } からのティータイム { $flights }件）はキャンセル・返金されました。パートナーから { $amount } が返金されました。
notify-admin-refunded = 管理者が { $course } { $date } { $time } のご予約（コード { $code }）をキャンセルし、返金しました。{ $amount } が返金されます。
notify-admin-released = 管理者が { $course } { $date } { $time } の仮押さえを解除しました。請求はありません。
notify-admin-group-refunded = 管理者が { $course } { $date } のグループ（{ $time } からのティータイム { $flights }件）をキャンセルし、返金しました。パートナーから { $amount } が返金されました。
admin-amount-unknown = 金額の記載なし
golfer-copy-link = このリンクを <code>{ $code }</code> のプレーヤーに送ってください。ティータイムまで、1名が1回だけ使えます：
    { $url }
golfer-copy-btn-share = 📤 共有
golfer-copy-share-text = ティータイムのご予約
golfer-copy-not-paid = プレーヤーに送れるのは、お支払い済みでティータイムがまだ先の予約だけです。
golfer-copy-claimed = ⛳ この予約が /mybookings に追加されました（閲覧のみ）。
golfer-copy-btn-view = 📋 予約を見る
golfer-copy-unknown = このリンクは無効です。
golfer-copy-used = このリンクはすでに別の方が使いました。予約した方に新しいリンクをお求めください。
golfer-copy-expired = このリンクは期限切れです（ティータイムが過ぎました）。
golfer-copy-own = ご自身の予約です。リンクはプレーヤーに送ってください。
golfer-copy-again = まだ誰もこのリンクを開いていないため、前回と同じリンクです。プレーヤーが開いたら、もう一度 📨 プレーヤーに送る をタップすると次のリンクが出ます。
golfer-copy-all-used = この予約のプレーヤー用リンク { $limit }件はすべて開かれました。リンクは1予約につきプレーヤー1名に1件です。

## Paying
pay-prepaid = 前払い：グリーンフィー { $amount }（{ $players } × { $each }）
pay-at-course = ゴルフ場で：{ $caddy }、ご利用の場合はカートとキャディへのチップ
pay-at-course-caddy = キャディ 1名あたり { $price }
pay-at-course-caddy-free = キャディ込み
pay-at-course-caddy-unknown = キャディ料金はゴルフ場の規定どおり
pay-held-until = { $time } までにお支払いください（{ $minutes }分）。それまでティータイムを仮押さえします。
pay-btn-pay = 💳 PromptPay で支払う
pay-btn-request = 💳 支払い依頼（QR）
pay-panel-closed = 💳 下の QR コードを銀行アプリで読み取り、振込明細の写真をここに送ってください。
pay-booking-line = ⛳ { $course } · { $date } { $time } · { $players }名
pay-group-line = ⛳ { $course } · { $date } { $times } · { $players }名、ティータイム { $flights }件
pay-title = PromptPay で { $amount } をお支払い
pay-to = 支払先 { $payee } · 参照番号 <code>{ $reference }</code>
pay-deadline = ⏳ { $time } までにお支払いください。それまでティータイムを仮押さえしています。
pay-send-slip = その後、振込明細の写真をここに送ってください。エージェントが確認しだい予約が確定します。
pay-btn-cancel = ✖ この予約をキャンセル
pay-slip-already-confirmed = ご予約はすでに確定しています。これ以上のお支払いは不要です。
pay-slip-late-customer = ⚠️ 明細が届く前の { $time } にティータイムの仮押さえが終了したため、予約できませんでした。エージェントが明細を受け取っており、返金するか、改めて一緒に予約します。
pay-slip-received = 🧾 ありがとうございます。明細（{ $amount }）はエージェントに届きました。お支払いが確認されしだい予約が確定します。
pay-slip-verified = ✅ { $amount } の振込が銀行で確認されました。予約が確定しました。領収書をお送りします。
pay-slip-check-refused = ⚠️ この明細は受け付けられません：{ $why }
    銀行アプリで振込を確認して正しい明細を送るか、この明細を受け取ったエージェントをお待ちください。
pay-slip-check-retrying = ⏳ ありがとうございます。銀行がまだ { $amount } の振込を確認していません。約 { $minutes } 分後に自動でもう一度確認します。明細を再送する必要はありません。エージェントにも届いています。
pay-check-why-amount-mismatch = 振込金額が { $amount } ではありません。
pay-check-why-payee-mismatch = QR の口座とは別の口座に振り込まれています。
pay-check-why-duplicate = この振込はすでに支払いに使われています。
pay-check-why-not-a-slip = この画像は振込明細ではありません（明細の QR コードがありません）。
pay-check-why-no-such-transfer = 銀行にこの振込の記録がありません。
pay-check-why-too-old = この予約の支払いが求められる前の振込です。
pay-slip-too-large = 📎 画像が大きすぎて QR コードを自動で読み取れないため、エージェントが目視で明細を確認します。次回は明細のスクリーンショットか、小さめの写真をお送りください。
pay-slip-limit = 📎 このお支払いの明細はすでにエージェントに届いています（最大 { $limit } 枚）。そのため、この明細は転送されませんでした。エージェントがお支払いを確認するまでお待ちください。問題がある場合や新しい明細を求められた場合は、エージェントに直接ご連絡ください。
pay-not-yours = このボタンはお客様用ではありません。
pay-rejected-customer = ⚠️ エージェントは { $amount }（参照番号 <code>{ $reference }</code>）を受け取っていません。お支払い済みの場合は、明細をもう一度送るか、エージェントにご連絡ください。
pay-expired-customer = ⚠️ お支払いが確認される前にティータイムの仮押さえが終了したため、予約できませんでした。エージェントが返金するか、改めて一緒に予約します。
pay-expired-slip-customer = { $amount }（参照番号 <code>{ $reference }</code>）のお支払いはエージェントに届きましたが、{ $time } に仮押さえが終わるまでに承認されなかったため、予約されませんでした。エージェントが返金します。
pay-approved-not-booked-customer = ⚠️ { $amount }（参照番号 <code>{ $reference }</code>）のお支払いは承認されましたが、仮押さえの終了までにゴルフ場のシステムでティータイムを確定できず、予約されませんでした。エージェントが返金します。
pay-cancel-checking = エージェントが明細を確認中です。キャンセルはエージェントにご依頼ください。
pay-cancelled = ✖ キャンセルしました：ティータイムは解除され、請求はありません。
pay-cancelled-group = ✖ キャンセルしました：グループのティータイムは解除され、請求はありません。
pay-cancel-refused-paid = お支払いが承認され、予約は確定しています（コード { $code }）。ここではキャンセルできません。キャンセルするには /mybookings をお使いください。
pay-cancel-refused-approved = お支払いが承認され、予約を確定処理中です。ここではキャンセルできません。結果はエージェントからお知らせします。
pay-cancel-refused-to-return = お支払いは承認されましたが、予約できませんでした。エージェントが返金します。
pay-cancel-refused-ended = このお支払いはすでに終了しています。仮押さえはもうありません。

## Groups
players-group-hint = { $max }名を超えますか？下から人数を選んでください（👥）。fairway がグループ向けに連続したティータイムを提案します。
group-title = { $players }名、ティータイム { $flights }件
group-flight = { $n }. 🕒 { $time } · { $players }名 · { $amount }
group-total = 合計 { $amount }
group-paid-total = 支払済 { $amount }
group-hint = ティータイムを移動するか人数の割り振りを変えてから、続けてください。グループ全体で仮押さえもお支払いも1回です。
group-players = { $players }名 · ティータイム { $flights }件
group-none = この日は、{ $players }名が連続したティータイム（間隔 { $gap }分以内）に収まりません。別のティータイムや日付、または少ない人数を選んでください。
group-moved = 選んだティータイムからはグループを組めません。一番近いグループは { $time } 開始です。
group-placing = グループのティータイムを仮押さえしています…
group-hold-failed = { $time } のティータイムを仮押さえできなかったため、グループの仮押さえはすべて解除しました。請求はありません。近い空き時間：{ $alternatives }。新しい提案です。
group-hold-unknown = パートナーの応答が失われ、{ $time } のティータイムが仮押さえされたか確認できなかったため、グループのほかの仮押さえを解除しました。請求はありません。近い空き時間：{ $alternatives }。新しい提案です。
group-held-title = ティータイム { $flights }件を仮押さえしました
group-confirmed-title = グループ予約完了：ティータイム { $flights }件
group-confirmed-footer = 下のカレンダーファイルにグループのすべてのティータイムが入っています。良いラウンドを！
group-outcome-partial = お支払いが途中で止まりました。ティータイム { $flights }件のうち { $paid }件が予約・支払い済みで、残りは解除されました。
group-outcome-unknown = 1件のお支払いが完了したか確認できませんでした。これまでにティータイム { $flights }件のうち { $paid }件が支払い済みで、未確定の残りは解除されました。結果はメッセージでお知らせします。
group-outcome-expired = グループのお支払い前に仮押さえが終了しました。ティータイム { $flights }件のうち { $paid }件が支払い済みです。
group-outcome-released = グループの仮押さえは解除されました。ティータイム { $flights }件のうち { $paid }件が支払い済みです。
flight-title = ティータイム { $n }：別の時間
flight-hint = グループのほかのティータイムから { $gap }分以内の空きティータイム：
flight-none = ここに合うほかの空きティータイムはありません（グループのほかのティータイムから { $gap }分以内）。戻ってこのティータイムのままにしてください。
split-title = { $players }名をどう分けますか？
split-hint = ティータイムごとの人数（時間順）。
golfers-title = ほかのプレーヤーの氏名（任意）
golfers-hint = 最大 { $count }名の氏名を、1行に1名ずつ、またはカンマ区切りで入力してください。ティータイムと一緒に送られます。またはスキップをタップしてください。
golfers-too-many = 1〜{ $count }名の氏名を1行に1名ずつ入力するか、スキップをタップしてください。
flight-paid = ✅ 支払い済み
flight-held = ⏳ 仮押さえ中
flight-checking = ❓ 確認中
flight-released = ✖️ 解除済み
flight-refunded = ↩️ 返金済み
btn-move-flight = 🕒 { $n }：{ $time }
btn-change-split = 👥 割り振りを変更
btn-group-continue = 続ける ▶️
btn-skip-golfers = スキップ
btn-confirm-group = ✅ { $flights }件すべて確定して支払う
btn-request-group-cancellation = ✖️ グループのキャンセルを依頼
group-status = { $state ->
    [paid] 👥 グループ確定・支払い済み
    [partial] 👥 グループ一部支払い済み
    [held] 👥 グループ仮押さえ中（未払い）
    [busy] 👥 グループ予約処理中
    [refunded] 👥 グループ返金済み
   *[released] 👥 グループ解除済み
    }
group-flight-of = グループのティータイム { $n }：「戻る」でグループ全体を表示します。
ics-group-summary = { $course } ティータイム { $n }/{ $flights }
ics-group-caption = 📅 { $date } のティータイム { $flights }件をカレンダーに追加
notify-group-paid = ✅ お知らせ：{ $course } { $date } のグループが確定し、すべてのティータイムのお支払いが完了しました（{ $amount }）：
    { $lines }
notify-group-partial = ⚠️ { $course } { $date } のグループは一部のみお支払い済みです。ティータイム { $flights }件のうち { $paid }件が予約され（{ $amount }）、残りは解除されました：
    { $lines }
notify-group-expired = ⏳ { $course } { $date } のグループの仮押さえは期限内に確定されなかったため、解除されました。請求はありません。
    { $lines }
notify-group-released = ⚠️ { $course } { $date } のグループの仮押さえは解除されました。仮押さえまたは解除の途中で fairway が中断しましたが、処理は完了しています。請求はありません。ティータイムがまだ必要な場合は /book でもう一度ご予約ください。
    { $lines }

## Sandbox demo
sandbox-mark = 🧪 サンドボックス — 実際の予約ではありません

## Find a tee time (/find, plain words)
menu-find = 🔎 ティータイムを探す
find-title = 🔎 ティータイムを探す
find-criteria = 📅 { $dates } · 🕐 { $window } · 👥 { $players }名 · 📍 { $area } · 💰 { $price }
find-today = 今日
find-tomorrow = 明日
find-weekend = 今週末
find-weekend-dates = { $from } と { $to }
find-window-any = 時間指定なし
find-area-any = どこでも
find-area-near = 現在地の近く
find-price-any = 料金指定なし
find-price-max = { $price } まで
find-read-as = 読み取った条件：<i>{ $text }</i>
find-count = ゴルフ場 { $courses }か所でティータイム { $hits }件
find-sorted-earliest = 早い順
find-sorted-cheapest = 安い順
find-sorted-nearest = 近い順
find-line = { $n }. <b>{ $time }</b> { $course } — 1名 { $price } × { $players }名 = <b>{ $total }</b>{ $extra }
find-caddy-free = · キャディ込み
find-caddy-price = · キャディ { $price }（ゴルフ場で）
find-km = · { $km } km
find-page = { $page } / { $pages }ページ
find-none = 検索したゴルフ場 { $courses }か所に条件に合うものはありません。条件を1つ緩めてください：
find-no-courses = この地域に合うゴルフ場はありません。下から別の地域を選んでください。
find-failed = ⚠️ { $courses } から応答がないため、そのティータイムは表示されていません。少ししてからもう一度お試しください。
find-unavailable = ⚠️ ただいまゴルフ場の一覧を利用できません。下の条件をタップしてもう一度お試しください。
find-expired = この検索は期限切れです。/find を送って新しく検索してください。
find-btn-earliest = 早い順
find-btn-cheapest = 安い順
find-btn-nearest = 近い順
find-btn-date = 📅 日付
find-btn-window = 🕐 時間
find-btn-players = 👥 人数
find-btn-area = 📍 地域
find-btn-price = 💰 料金
find-btn-near = 📍 場所の近く…
find-btn-share-location = 📍 現在地を共有
find-relax-window = 🕐 時間指定なし
find-relax-area = 📍 どこでも
find-relax-price = 💰 料金指定なし
find-relax-date = 📅 { $date }
find-choose-date = 日付を選んでください：
find-choose-window = 時間帯を選んでください：
find-choose-players = 何名でプレーしますか？
find-choose-area = 地域を選んでください：
find-choose-price = 1名あたりの上限料金：
find-share-location = 位置情報を共有してください（📎 メニューまたは下のボタン）。そこから 50 km 以内のゴルフ場を表示します。
find-location-set = その場所の近くで探しています。
find-btn-calendar = 📆 別の日付…
find-horizon-beyond = ⚠️ ティータイムは { $days }日前から販売され、{ $last } まで検索できます。まだ販売前：{ $dates }。
find-horizon-past = ⚠️ すでに過ぎた日付：{ $dates }。ティータイムは今日から { $last } まで（{ $days }日先まで）検索できます。
find-horizon-partly = ℹ️ ティータイムは { $last } まで（{ $days }日先まで）検索できます。対象外：{ $dates }。
find-line-group = { $n }. <b>{ $time }</b> { $course } — ティータイム { $flights }件（{ $split }）= <b>{ $total }</b>{ $extra }

## Watches: tell me when a tee time opens (/watches)
find-btn-watch = 🔔 空いたら知らせる
slot-btn-watch = 🔔 空いたら知らせる
watch-criteria = 📅 { $dates } · 🕐 { $window } · 👥 { $players } · 📍 { $place } · 💰 { $price }
watch-players = { $players }名
watch-players-any = 人数指定なし
watch-created =
    見張っています：{ $what }
    条件に合うティータイムが空きしだい、メッセージでお知らせします。/watches で一覧を見られます。
watch-exists =
    すでに見張っています：{ $what }
    /watches で一覧を見られます。
watch-limit = すでに { $limit }件の検索を見張っており、これが上限です。別の検索を見張るには /watches で1件を停止してください。
watch-date-passed = その日付は過ぎています。/find でもう一度検索してください。
watch-not-on-sale = その日付はまだ販売前です。ティータイムは { $days }日前から、{ $last } まで販売されます。それまでの日付を見張ってください：/find でもう一度検索してください。
watch-list-title = 🔔 見張り中（{ $count } / { $limit }件）
watch-list-empty = 見張っているティータイムはありません。/find の結果が少ないときや、/book でゴルフ場のその日が満席のときは、🔔 空いたら知らせる をタップしてください。
watch-list-ended = 最近終了したもの：
watch-state-waiting = 👀 見張り中 · まもなく初回確認
watch-state-not-on-sale = 👀 見張り中 · ティータイムの販売が始まる { $date } から確認
watch-state-checked = 👀 見張り中 · 最終確認 { $time }
watch-state-failing = ⚠️ パートナーが応答していません。まもなく再確認します
watch-state-stopped = 停止済み
watch-state-ended = 終了：日付が過ぎました
watch-alerted = ティータイム { $alerts }件を通知済み
watch-btn-stop-n = 🛑 { $n } を停止
watch-btn-stop = 🛑 見張りを停止
watch-stopped = 停止しました：この検索の通知はもう届きません。
watch-not-active = この見張りはすでに終了しています。
watch-alert-title = ティータイムが { $count }件空きました
watch-alert-price = 1名 { $price } × { $players }名 = <b>{ $total }</b>
watch-alert-price-each = 1名あたり { $price }
watch-alert-more = …ほか { $more }件：/find ですべて表示します。
watch-alert-hint = 「予約する」をタップしてください。ティータイムがまだ空いているか確認し、そのままプレーヤー情報の入力に進みます。
watch-btn-book = 📅 予約する：{ $time } { $course }
watch-alert-invalid = この通知はもう有効ではありません。
watch-gone = そのティータイムはまた埋まりました。
watch-gone-watching = そのティータイムはまた埋まりました。引き続き見張り、別の空きが出たらお知らせします。
watch-over-price = そのティータイムは、この見張りの上限料金より高くなりました。
watch-over-price-watching = そのティータイムは、この見張りの上限料金より高くなりました。引き続き見張り、別の空きが出たらお知らせします。

## Tee sheet
tee-sheet-button = 🗓 ティーシート
tee-sheet-menu = ティーシート
tee-sheet-expired = そのティーシートの選択は期限切れです。ティーシートを開いて、もう一度ティータイムをタップしてください。

## E-voucher (src/vouchers/)
voucher-title = 電子バウチャー
voucher-date = 日付
voucher-time = スタート時間
voucher-players = 人数
voucher-players-count = { $players }名
voucher-lead = 代表ゴルファー
voucher-code = 予約番号
voucher-flights = スタート時間
voucher-flight = { $time } · { $players }名 · { $code }
voucher-money = お支払い
voucher-scan = スキャンしてバウチャーを確認
voucher-agency = { $agency } にて予約：{ $contact }
voucher-caption = 🎫 { $course } の電子バウチャーです。ゴルファーの皆さまに転送してください。QRで有効かどうかを確認できます。
voucher-check-title = バウチャーの確認
voucher-check-valid = 有効
voucher-check-valid-detail = このスタート時間は支払い済みで、予約されています。
voucher-check-void = 無効
voucher-check-void-detail = この予約はキャンセルされました。このバウチャーは無効です。
voucher-check-moved = 変更済み
voucher-check-moved-detail = この予約は別のスタート時間に変更されました。このバウチャーは無効です。新しいバウチャーは予約された方にお問い合わせください。
voucher-check-pending = 未確定
voucher-check-pending-detail = この予約はまだ確定していません。代理店にお問い合わせください。
voucher-check-partial = 一部有効
voucher-check-partial-detail = 一部のスタート時間がキャンセルされました。「有効」と表示されたものだけが有効です。
voucher-check-flight-valid = 有効
voucher-check-flight-void = 無効

## Moving a booking: what its customer hears, and the new calendar file
move-customer-done = 🔁 ティータイムを変更しました：{ $course }、{ $date } { $time }、{ $players }名 — 予約コード { $newCode }。新しい電子バウチャーとカレンダーファイルをお送りします。以前のものは無効になりました。
move-customer-kept = ティータイム { $code } の変更は行われませんでした。ご予約はそのままです。
move-customer-stranded = ⚠️ ティータイム { $code } はキャンセルされましたが、新しいティータイムを予約できませんでした。担当エージェントから、再予約または返金についてご連絡いたします。
move-ics-caption = 📅 カレンダー用の新しいティータイムです。以前の予定を置き換えます。
btn-move = 🔁 別のティータイムに変更
move-pick-date = 🔁 { $code } · { $course } の変更：新しい日付を選んでください。
move-pick-time = 🔁 { $code } · { $course }、{ $date } の変更：新しいティータイムを選んでください。
move-pick-none = { $date } は { $code } のゴルフ場に空きのあるティータイムがありません。別の日付を選んでください。
move-pick-players = 🔁 { $code } · { $course }、{ $date } { $time } に変更。人数（現在 { $was }名）：
move-btn-hold = 🔁 このティータイムを確保
move-slot-gone = そのティータイムはたった今予約されたか、締め切られました。別の時間を選んでください。
move-btn-course = ⛳ 別のゴルフ場
move-pick-course = 🔁 { $code } の変更：ゴルフ場を選んでください。
move-course-gone = そのゴルフ場は今は選べません。別のゴルフ場を選んでください。
move-tee-time-course = { $course } · { $date } { $time } · { $players }名 · { $amount }
move-holding = 新しいティータイムを確保しています…
move-customer-dearer = そのティータイムは現在のご予約より高くなります。変更をご希望の場合は担当エージェントにご相談ください。差額はエージェントがご案内します。
move-customer-costs-less = 新しいティータイムは { $amount } 安くなります。差額は担当エージェントがお返しします。
move-customer-pay = 変更するには、下のQRコードでPromptPayにより差額をお支払いください。
move-pay-send-slip = お支払い後、振込明細の写真をここに送ってください。担当エージェントが確認すると、変更は管理者の承認に回ります。
move-customer-paid = ✅ { $code } の変更のためのお支払い { $amount } を確認しました。変更は管理者の承認待ちです。
move-customer-pay-return = 差額としてお支払いいただいた { $amount } は担当エージェントがお返しします。
move-not-yours = このご予約の変更は、ご予約者、担当エージェント、管理者のみが行えます。
move-not-paid = 予約 { $code } はお支払いが済んでいません。変更できるのはお支払い済みのご予約のみです。
move-open = 予約 { $code } にはすでに処理中の変更があります。
move-cancel-requested = 予約 { $code } のキャンセル依頼が管理者の回答待ちのため、決まるまで変更できません。
move-started = 予約 { $code } のティータイムはすでに始まっています。始まったラウンドは変更できません。
move-title = 🔁 { $code } · { $customer } の変更
move-old = 現在：
move-new = 変更後：
move-tee-time = { $date } { $time } · { $players }名 · { $amount }
move-same-price = 料金は同じです。
move-costs-more = 新しいティータイムは { $amount } 高くなります。
move-held-until = 新しいティータイムは { $time } まで確保しています（{ $minutes }分）。
move-btn-keep = ✖️ 元の予約のままにする
move-sent-to-admins = 管理者に承認を依頼しました。
move-working = 変更しています…
move-not-held = 新しいティータイムを確保できませんでした。変更はありません。
move-decided = { $code } の変更はすでに処理されています。
move-too-late = { $code } の変更は取り消されました。承認の前にティータイムが始まりました。返金はなく、新しいティータイムは解除されました。
move-pending = { $code } についての回答がまだ届いていません。再確認して変更を完了します。
move-retrying = { $code } の新しいティータイム { $newCode } のお支払いがまだ完了していません。確保している間に再試行します。
move-held = { $code } の新しいティータイムを確保しました。

# Trips: a round booked when its day goes on sale
trip-opened-customer = ⛳ { $date } の { $course } のラウンドを予約しました：ティータイム { $time }、{ $players } 名。バウチャーをお送りします。
trip-ics-round = ⛳ { $course } — 全 { $rounds } ラウンド中 { $n } ラウンド目
trip-ics-booked = 予約済み、{ $players } 名。
trip-ics-quoted = { $players } 名で予定：ティータイムはこの日の販売開始時（35日前）に確定します。
trip-ics-cancelled = キャンセル済み。
trip-ics-lines = 旅行に含まれるその他の項目：
    { $lines }
trip-balance-soon = 🔔 旅行の残金 { $amount } のお支払い期限は { $due } です（参照番号 { $reference }）。PromptPay でお支払いのうえ、振込明細をこちらにお送りいただくか、担当エージェントにご相談ください。
trip-balance-today = 🔔 旅行の残金 { $amount } のお支払い期限は本日 { $due } です（参照番号 { $reference }）。PromptPay でお支払いのうえ、振込明細をこちらにお送りいただくか、担当エージェントにご相談ください。
trip-itinerary-title = 旅行日程
trip-itinerary-party = { $lead } · ゴルファー { $players } 名
trip-itinerary-booked = 予約済み · { $players } 名
trip-itinerary-planned = 予定 · ティータイムはその日の販売開始時に確定
trip-itinerary-cancelled = キャンセル済み
trip-itinerary-lines = 含まれるもの
trip-itinerary-caption = 🗺 旅行日程です。ご一行に転送してください。各ラウンドのバウチャーは予約され次第お送りします。
# trips
trip-not-found = この旅行はここでは開けません。
trip-only = お客様のリンクは一つの旅行専用です。/trips でご確認ください。
hold-refused-trip-only = お客様のリンクは一つの旅行専用です。ラウンドは担当エージェントが予約します。
trip-quote-title = ⛳ <b>お客様のゴルフ旅行</b> · { $lead } · ゴルファー { $players }名
trip-quote-round = { $date } { $time } · { $course } · { $players }名 · { $price }
trip-quote-total = <b>合計: { $total }</b>
trip-quote-schedule = ご承諾時に手付金 { $deposit }、残金 { $balance } は { $due } までにお支払いください。
trip-quote-pay-all = ご承諾時に全額 { $total } をお支払いください。
trip-quote-ladder-title = <b>キャンセルの場合</b>
trip-quote-ladder-step = 最初のラウンドの { $days } 日以上前: 旅行代金の { $percent }% を返金
trip-quote-ladder-rest = それ以降: 返金はありません。
trip-quote-state = { $state ->
    [accepted] ✅ この旅行をご承諾いただきました。手付金のお支払いをお願いします。
    [deposit_paid] ✅ 手付金を受け取りました。
    [paid] ✅ 全額お支払い済みです。
    [completed] 完了しました。
    [cancelled] この旅行はキャンセルされました。
   *[other] この見積もりは現在ご承諾いただけません。
  }
trip-btn-accept = ✅ この旅行を承諾する
trip-accepted = ありがとうございます。旅行が確定しました。手付金 { $amount } は本日が期限です。
trip-pay-agent-tells = お支払い方法は担当エージェントからご案内します。
trip-pay-what = { $kind ->
    [deposit] ゴルフ旅行の手付金
   *[other] ゴルフ旅行の残金（{ $due } まで）
  }
trip-pay-send-slip = その後、振込明細の写真をここに送ってください。担当エージェントが確認して確定します。
trip-slip-received = 🧾 ありがとうございます。明細（{ $amount }）は担当エージェントに届きました。確認後にお支払いを確定します。
trip-slip-rejected = 担当エージェントが { $amount } のお支払いを確認できませんでした。ご確認のうえ明細を再送するか、エージェントにご連絡ください。
trip-deposit-approved = ✅ 手付金 { $amount } を受け取りました。ラウンドを予約しています。
trip-balance-approved = ✅ 残金 { $amount } を受け取りました。旅行代金は全額お支払い済みです。
trip-ics-caption = 📅 旅行のラウンドをカレンダーに。後で届くファイルで予定が更新されます。
# receipts and tax invoices
btn-receipt = 🧾 領収書
receipt-sending = PDF を送信しています…
receipt-unpaid = 領収書は予約のお支払い後に発行されます。
receipt-caption = 🧾 予約 { $code } の領収書 { $number }
btn-tax-invoice = 🧾 タックスインボイス
tax-invoice-not-registered = この代理店は付加価値税の登録事業者ではないため、タックスインボイスは発行できません。このお支払いの証憑は領収書です。
tax-invoice-busy = 進行中の予約を先に完了するか /cancel してから、もう一度タックスインボイスをご依頼ください。
tax-invoice-intro = 🧾 正式なタックスインボイスには購入者の情報が記載されます。質問は4つで、/cancel で中止できます。
tax-invoice-ask-name = 購入者の名称（法人の登記名、または個人の氏名）:
tax-invoice-ask-address = 登記されている購入者の住所:
tax-invoice-ask-tax-id = 購入者の納税者番号（13桁、ハイフンや空白は可）:
tax-invoice-tax-id-invalid = 有効な納税者番号ではありません。13桁で、最後のチェック数字が正しい必要があります。もう一度入力してください。名称と住所はそのまま残ります。
tax-invoice-ask-branch = 本社ですか、支店ですか？「本社」を押すか、支店番号（5桁以内）を入力してください。
tax-invoice-head-office = 🏢 本社
tax-invoice-branch-invalid = 支店番号は5桁以内です（例: 00001）。もう一度入力するか、「本社」を押してください。
tax-invoice-too-long = { $max } 文字以内でもう一度入力してください。
tax-invoice-caption = 🧾 予約 { $code } のタックスインボイス { $number }
tax-invoice-issued = ✅ タックスインボイス { $number } を発行しました。PDF をお送りします。
credit-note-caption = 🧾 予約 { $code } の減額伝票 { $number }（タックスインボイス { $invoice } を参照）
# when the course changes the plan
course-ended-customer = ⛳ <b>ゴルフ場がティータイムをキャンセルしました</b>
    { $course }、{ $date } { $time }(コード { $code })
    { $owes ->
        [yes] 返金額は { $owed } です。担当エージェントからお返しします。
       *[no] 担当エージェントからご連絡します。
    }
    予定の変更によりご迷惑をおかけして申し訳ありません。
course-moved-customer = ⛳ <b>ゴルフ場がティータイムを変更しました</b>
    { $course }:変更後 { $date } { $time }(変更前 { $fromDate } { $fromTime })、コード { $code }。
voucher-check-course-cancelled = ゴルフ場によるキャンセル
voucher-check-course-cancelled-detail = ゴルフ場がこのティータイムをキャンセルしました。このバウチャーは無効です。返金や別のティータイムについては予約した方にお問い合わせください。
voucher-check-flight-course-cancelled = ゴルフ場によるキャンセル
# hold warning
pay-hold-warning = ティータイムの仮押さえは { $time } までです（残り { $minutes }分）。まだお支払いを確認できていません。下の QR で今すぐお支払いのうえ、振込明細を送ってください。期限を過ぎると仮押さえは解除されます。
pay-hold-warning-slip = ティータイムの仮押さえは { $time } までです（残り { $minutes }分）。お送りいただいた振込明細はまだ確認中です。まだお支払いでない場合は、下の QR で今すぐお支払いください。

# Trips: cancelling
trip-cancelled-customer = ご旅行（{ $reference }）はキャンセルされました。{ $refund } が返金されます。担当エージェントが手続きいたします。
# trip receipts
trip-receipt-caption = 🧾 ゴルフ旅行 { $reference } の{ $kind ->
    [deposit] 手付金
   *[other] 残金
  }の領収書 { $number }
trip-receipt-unpaid = 領収書は、この旅行のお支払いが承認された後に発行されます。

# move difference receipts
move-receipt-caption = 🧾 予約 { $code } への変更でお支払いいただいた差額の領収書 { $number }
move-receipt-unpaid = 領収書は、この変更のためにお支払いいただいた差額が承認された後に発行されます。
# ゴルフ場が取り消した旅行のラウンド
course-ended-trip = 🧳 このラウンドはご旅行 { $reference } の一部でした。ラウンド代金 { $price } を旅行代金から差し引きます。
course-ended-trip-balance = 残金のお支払いは { $balance } になりました。
# A trip owns its rounds' bookings (bookings/ownership.ts)
error-trip-owns = 🧳 この予約は旅行の一ラウンドで、代金は旅行で管理されているため、何も行われませんでした。旅行(/trips)から変更または取り消してください。
move-trip-round = 予約 { $code } は旅行の一ラウンドのため、単独では変更できません。旅行の変更は管理者にご依頼ください。

# trips: editing a trip
trip-quote-changing = ✏️ 担当エージェントがこの見積もりを変更しています。再送された後に承諾いただけます。

# trip quote picture
trip-quote-image-title = ゴルフ旅行のお見積り
trip-quote-image-agent = 担当エージェント：{ $agent }
trip-quote-image-players = ゴルファー { $players } 名
trip-quote-image-tbc = ティータイムはその日の販売開始時に確定
trip-quote-image-total = 合計
trip-quote-image-schedule = お支払い予定
trip-quote-image-deposit = 手付金（承諾時）
trip-quote-image-deposit-due = 手付金（{ $due }まで）
trip-quote-image-balance = 残金（{ $due }まで）
trip-quote-image-pay-all = 全額（承諾時）
trip-quote-image-pay-all-due = 全額（{ $due }まで）
trip-quote-image-ladder = キャンセルの場合
trip-quote-image-accept = 承諾するには：エージェントからテレグラムで届いたリンクを開き、「この旅行を承諾する」を押してください。
trip-quote-image-caption = 🧾 旅行のお見積りの画像です。同行の皆さまに転送できます。承諾はお見積りの下のボタンからどうぞ。
trip-quote-image-failed = 現在、画像を作成できません。しばらくしてからもう一度お試しください。

# trip tax invoices and credit notes
trip-tax-invoice-caption = 🧾 ゴルフ旅行 { $reference } の{ $kind ->
    [deposit] 手付金
   *[other] 残金
  }のタックスインボイス { $number }
trip-tax-invoice-unpaid = タックスインボイスは、この旅行のお支払いが承認された後に発行されます。
tax-invoice-same-buyer = 🧾 この旅行のタックスインボイス { $number } の宛先:
    <b>{ $name }</b>
    { $address }
    納税者番号 { $taxId } · { $office }
    同じ宛先で発行しますか？
tax-invoice-same-buyer-yes = ✅ 同じ宛先
tax-invoice-same-buyer-no = ✏️ 別の宛先
tax-invoice-branch-no = 支店 { $branch }
trip-credit-note-caption = 🧾 ゴルフ旅行 { $reference } の減額伝票 { $number }（タックスインボイス { $invoice } を参照）

## Trip slips checked by the slip-check service (features/trips/slip-check.ts)
trip-slip-verified = ✅ { $amount } の振込が銀行で確認されました。
trip-slip-check-refused = ⚠️ この明細では旅行のお支払いになりません：{ $why }
    QR の口座への { $amount } の振込明細を送るか、この明細も受け取っている担当エージェントにご連絡ください。
trip-check-why-too-old = このお支払いが求められる前の振込です。
# trips in /mybookings
my-trips-title = 🗺 旅行
my-trips-row = 🗺 <b>{ $lead }</b> · { $dates }
    合計 { $total } · お支払い済み { $paid } · 残額 { $due }
