## Meta
locale-code = th

## Menu and general
welcome =
    สวัสดีครับคุณ { $name } ⛳ เราช่วยจองเวลาออกรอบกอล์ฟที่สนามทั่วประเทศไทย
    แตะ <b>จองเวลาออกรอบ</b> เพื่อเริ่ม หรือพิมพ์ /book ได้ทุกเมื่อ ยกเลิกการจองที่ทำค้างไว้ด้วย /cancel
menu-book = ⛳ จองเวลาออกรอบ
menu-my-bookings = 📋 การจองของฉัน
# The languages /language offers: customers (and strangers) all five, staff Thai and English.
menu-language = 🌐 ไทย / English / 한국어 / 日本語 / 中文
menu-language-staff = 🌐 ภาษาไทย / English
fallback-hint = ขออภัย ไม่เข้าใจข้อความนี้ กรุณาเลือกเมนูด้านล่าง
private-only = กรุณาคุยกับบอทในแชทส่วนตัวเพื่อจองเวลาออกรอบ
error-generic = ขออภัย ระบบขัดข้อง ข้อผิดพลาดนี้ไม่มีการตัดเงินใด ๆ กรุณาลองอีกครั้ง หรือเริ่มใหม่ด้วย /book
error-not-allowed = ⛔ รายการนี้ไม่ใช่สิทธิ์ของคุณ จึงไม่มีการดำเนินการและไม่มีการตัดเงิน /mybookings แสดงการจองของคุณเอง หากต้องการอย่างอื่น กรุณาติดต่อตัวแทนหรือเอเจนซี่
error-database-busy = ⏳ ขณะนี้ fairway ไม่ว่าง กรุณาลองอีกครั้งในอีกสักครู่
error-move-open = 🔁 การจองนี้มีคำขอย้ายที่ยังไม่จบ จึงไม่ได้ดำเนินการใด ๆ กรุณาอนุมัติหรือยกเลิกการย้ายก่อน (หรือรอให้หมดเวลากันที่) แล้วลองอีกครั้ง
menu-expired = เมนูนี้หมดอายุแล้ว พิมพ์ /book เพื่อเริ่มใหม่
menu-expired-released = การจองนี้หมดอายุแล้ว จึงปล่อยที่ที่กันไว้คืน พิมพ์ /book เพื่อเริ่มใหม่
earlier-hold-released = ปล่อยที่ที่กันไว้ก่อนหน้าซึ่งยังไม่ได้ยืนยันคืนแล้ว
use-buttons-hint = กรุณาเลือกจากปุ่มด้านบน หรือพิมพ์ /cancel เพื่อยกเลิก
input-commands-hint = กรุณาพิมพ์คำตอบ เลือกจากปุ่มด้านบน หรือพิมพ์ /cancel เพื่อยกเลิก

## Language
language-choose = เลือกภาษา
language-set = เปลี่ยนเป็นภาษาไทยแล้ว

## Buttons
btn-back = ‹ ย้อนกลับ
btn-back-summary = ‹ กลับไปที่สรุปการจอง
btn-cancel = ✖ ยกเลิก
btn-prev = ‹ ก่อนหน้า
btn-next = ถัดไป ›
btn-refresh = 🔄 รีเฟรช
btn-pick-date = 📅 เลือกวัน
btn-location = 📍 แผนที่
btn-photo = 📷 รูปสนาม
btn-other-date = 📅 เลือกวันอื่น
btn-new-customer = ➕ ลูกค้าใหม่
btn-keep = ใช้เดิม: { $value }
btn-share-contact = 📱 ส่งเบอร์ของฉัน
btn-confirm = ✅ ยืนยันและชำระเงิน
btn-change = ✏️ แก้ไข
btn-try-again = 🔄 ลองอีกครั้ง
btn-resume = ▶️ ทำต่อ
btn-start-over = 🔁 เริ่มใหม่
btn-release = 🗑 ปล่อยการจองนี้
btn-release-group = 🗑 ปล่อยการจองทั้งกลุ่ม

## Booking: course
course-title = เลือกสนามกอล์ฟ
course-from-weekday = วันธรรมดาเริ่มต้น { $price }
course-from-weekend = เสาร์-อาทิตย์เริ่มต้น { $price }
course-hours = เวลาเปิด: { $hours }
course-photo-unavailable = ขณะนี้ไม่สามารถแสดงรูปสนามได้
course-location-unavailable = ขณะนี้ไม่สามารถแสดงตำแหน่งสนามได้

## Booking: date
date-title = { $course }: เลือกวันออกรอบ
date-hint = วันที่เป็นเวลาท้องถิ่นของสนาม • คือวันนี้

## Booking: tee time
slot-title = { $course } · { $date }
slot-hint = มีเวลาว่าง { $count } รอบ ({ $types }) เวลาตามเวลาท้องถิ่นของสนาม ราคาต่อผู้เล่นหนึ่งคน
slot-none = วันนี้ไม่มีเวลาออกรอบว่าง
slot-none-suggest = วันนี้ไม่มีเวลาออกรอบว่าง แต่วันต่อไปนี้ยังมีที่ว่าง
slot-none-part = ช่วงเวลานี้ไม่มีรอบว่าง ลองเลือกช่วงเวลาอื่น
part-all = ทั้งหมด
part-morning = เช้า
part-midday = สาย-เที่ยง
part-afternoon = บ่าย
price-type = { $type ->
    [WEEKDAY] ราคาวันธรรมดา
    [WEEKEND] ราคาเสาร์-อาทิตย์
    [HOLIDAY] ราคาวันหยุดนักขัตฤกษ์
   *[other] { $type }
    }

## Booking: players
players-title = ผู้เล่นกี่คน
players-slot = ออกรอบ { $time } น. { $date } · { $price } ต่อคน
players-range = รอบนี้รับผู้เล่น { $min } ถึง { $max } คน
caddy-free = รวมค่าแคดดี้แล้ว
caddy-price = ค่าแคดดี้ { $price } ต่อคน ชำระที่สนาม

## Booking: golfer details
customer-title = ใครเป็นผู้เล่น
customer-hint = เลือกลูกค้าที่เคยจองไว้ หรือเพิ่มลูกค้าใหม่ หรือพิมพ์ชื่อ-นามสกุลลูกค้าได้เลย
name-title = ชื่อ-นามสกุลลูกค้า
name-hint = พิมพ์ชื่อตามที่ต้องการให้ปรากฏในการจอง เช่น สมชาย ใจดี
email-title = อีเมลลูกค้า
email-hint = พิมพ์อีเมลสำหรับรับการยืนยันการจอง เช่น name@example.com
mobile-title = เบอร์มือถือลูกค้า
mobile-hint = พิมพ์เบอร์มือถือ เช่น 081-234-5678 หรือ +66 81 234 5678
mobile-share-hint = ถ้าคุณเป็นผู้เล่นเอง แตะปุ่มด้านล่างเพื่อส่งเบอร์ของคุณได้เลย
reply-keyboard-done = ✓ รับทราบ
mobile-share-prompt = หรือส่งเบอร์ของคุณเอง
name-too-short = ชื่อสั้นเกินไป กรุณาพิมพ์ชื่อ-นามสกุลเต็ม (อย่างน้อย 2 ตัวอักษร)
name-too-long = ชื่อยาวเกินไปสำหรับการจอง กรุณาพิมพ์ให้สั้นลง (ไม่เกิน 80 ตัวอักษร) เช่น ไม่ต้องใส่ชื่อกลาง
name-invalid = ชื่อใช้ได้เฉพาะตัวอักษร เว้นวรรค จุด อะพอสทรอฟี และขีด กรุณาพิมพ์ใหม่
invalid-name-characters = ชื่อมีอักขระที่มองไม่เห็นหรืออักขระควบคุม กรุณาพิมพ์ใหม่
email-invalid = อีเมลไม่ถูกต้อง กรุณาตรวจสอบอีกครั้ง เช่น name@example.com
mobile-invalid = เบอร์โทรไม่ถูกต้อง กรุณาพิมพ์เบอร์มือถือไทย เช่น 081-234-5678 หรือเบอร์ต่างประเทศที่ขึ้นต้นด้วย +
mobile-not-mobile = เบอร์นี้เป็นเบอร์บ้าน กรุณาให้เบอร์มือถือเพื่อให้สนามติดต่อผู้เล่นได้

## Booking: hold and confirm
hold-placing = กำลังกันที่เวลาออกรอบนี้…
hold-busy = ระบบยังกันที่ไม่เสร็จ กรุณาลองอีกครั้งในอีกสักครู่
hold-slot-taken = ขออภัย เวลานี้เพิ่งมีคนจองไป นี่คือรายการเวลาที่อัปเดตแล้ว
hold-unknown = ไม่สามารถทราบได้ว่าระบบของคู่ค้ากันที่ให้แล้วหรือไม่ เพราะคำตอบสูญหาย ยังไม่มีการตัดเงินใด ๆ และทีมงานได้รับแจ้งแล้ว ข้อมูลของคุณยังเก็บไว้ เลือกเวลาออกรอบเพื่อลองอีกครั้ง
hold-expired = การกันที่หมดเวลาแล้ว จึงปล่อยเวลาออกรอบนี้คืน กรุณาเลือกเวลาใหม่
held-title = กันที่เวลาออกรอบให้แล้ว
held-until = กันที่ไว้ถึง { $time } น. (เหลือ { $minutes } นาที) กดยืนยันเพื่อชำระเงิน
summary-players = ผู้เล่น { $count } คน
summary-amount = รวม { $amount }
summary-code = รหัสการจอง { $code }
summary-txno = เลขที่รายการ { $txno }
confirm-working = กำลังยืนยันและชำระเงิน…
confirm-insufficient = ขณะนี้เครดิตในบัญชีคู่ค้าไม่พอชำระการจองนี้ เรายังกันที่และเก็บตัวเลือกของคุณไว้ ลองใหม่หลังเติมเครดิต หรือยกเลิกได้
confirm-busy = การจองนี้กำลังยืนยันอยู่ แตะ ลองอีกครั้ง เพื่อดูผล
confirm-unknown = ไม่สามารถทราบได้ว่าการชำระเงินสำเร็จหรือไม่ เพราะคำตอบจากคู่ค้าสูญหาย เรากำลังตรวจสอบและจะแจ้งผลให้ทราบ ระหว่างนี้กรุณาอย่าจองเวลานี้ซ้ำ
confirmed-title = ยืนยันการจองแล้ว
confirmed-footer = เพิ่มเวลาออกรอบลงปฏิทินได้ด้วยไฟล์ด้านล่าง ขอให้สนุกกับการออกรอบ!
ics-summary = ออกรอบที่ { $course }
ics-description = รหัสการจอง { $code } ผู้เล่น { $players } คน จองผ่าน fairway
ics-caption = 📅 เพิ่มลงปฏิทิน

## Booking: change and cancel
change-title = ต้องการแก้ไขอะไร
change-hint = การแก้ไขจะปล่อยที่ที่กันไว้ ส่วนตัวเลือกอื่นยังเก็บไว้เหมือนเดิม
change-course = สนาม
change-date = วัน
change-time = เวลาออกรอบ
change-players = จำนวนผู้เล่น
change-details = ข้อมูลผู้เล่น
booking-in-progress = คุณมีการจองที่ทำค้างอยู่ ต้องการทำต่อหรือเริ่มใหม่ การเริ่มใหม่จะปล่อยที่ที่กันไว้
cancel-done = ยกเลิกการจองแล้ว พิมพ์ /book เพื่อเริ่มใหม่
cancel-released = ยกเลิกการจองและปล่อยที่ที่กันไว้แล้ว พิมพ์ /book เพื่อเริ่มใหม่
cancel-nothing = ไม่มีการจองที่ต้องยกเลิก พิมพ์ /book เพื่อเริ่มจอง
cancel-already-paid = การจองนี้ชำระเงินแล้ว จึงไม่มีการเปลี่ยนแปลง ดูได้ที่ /mybookings
stuck-hint = ต้องการทำอะไรต่อ
release-pending = กำลังปล่อยที่ที่กันไว้ กรุณาตรวจสอบอีกครั้งในอีกสักครู่
release-not-held = การจองนี้ไม่มีที่ที่กันไว้ให้ปล่อยแล้ว
release-group-flight = ทีไทม์นี้เป็นส่วนหนึ่งของกลุ่ม กลุ่มต้องยกเลิกทั้งกลุ่มพร้อมกัน ยกเลิกทีไทม์เดียวไม่ได้
release-owned-by-move = ทีไทม์นี้กันไว้สำหรับการย้ายที่รออนุมัติ จะสิ้นสุดเมื่อการย้ายได้รับอนุมัติหรือถูกยกเลิก หรือเมื่อหมดเวลากันที่ ยังไม่ได้ปล่อยที่

## My bookings
my-bookings-title = การจองของฉัน
my-bookings-hint = การจองล่าสุดของคุณ แตะเพื่อดูรายละเอียด
my-bookings-empty = คุณยังไม่มีการจอง
my-bookings-not-found = ไม่พบการจองนี้
my-bookings-stale = ติดต่อระบบของคู่ค้าไม่ได้ สถานะที่แสดงอาจยังไม่อัปเดต
my-bookings-made = จองเมื่อ { $when }
status-label = { $state ->
    [intent] กำลังเตรียมการ
    [reserving] กำลังกันที่
    [held] กันที่ไว้ (ยังไม่ชำระ)
    [reserve_failed] จองไม่สำเร็จ
    [reserve_unknown] ไม่ทราบผล
    [confirming] กำลังยืนยัน
    [paid] ยืนยันและชำระแล้ว
    [releasing] กำลังปล่อยที่
    [released] ปล่อยที่แล้ว
    [refunding] กำลังคืนเงิน
    [refunded] คืนเงินแล้ว
   *[other] { $state }
    }

## Notifications
notify-expired = ⏳ ที่ที่กันไว้ที่ { $course } วันที่ { $date } เวลา { $time } น. ไม่ได้ยืนยันภายในเวลาที่กำหนด จึงปล่อยคืนแล้ว
notify-paid = ✅ การจองที่ { $course } วันที่ { $date } เวลา { $time } น. ยืนยันเรียบร้อยแล้ว (รหัส { $code })
notify-released = ปล่อยที่ที่กันไว้ที่ { $course } วันที่ { $date } เวลา { $time } น. แล้ว
notify-reserve-unknown = ⚠️ ไม่สามารถทราบได้ว่ามีการกันที่ที่ { $course } วันที่ { $date } เวลา { $time } น. หรือไม่ ยังไม่มีการตัดเงิน กรุณาจองใหม่ด้วย /book
notify-reserve-released = ⚠️ การกันที่ที่ { $course } วันที่ { $date } เวลา { $time } น. ถูกขัดจังหวะ จึงยกเลิกการกันที่แล้ว ยังไม่มีการตัดเงิน กรุณาจองใหม่ด้วย /book
notify-refunded = การจองที่ { $course } วันที่ { $date } เวลา { $time } น. ได้รับการคืนเงินแล้ว (รหัส { $code })

## Partner errors
partner-error-generic = ระบบจองขัดข้อง กรุณาลองอีกครั้ง
partner-error-auth = ระบบจองปฏิเสธการเชื่อมต่อของเรา ผู้ดูแลระบบต้องแก้ไข กรุณาลองใหม่ภายหลัง
partner-error-not-found = ไม่พบรายการนี้ในระบบจองแล้ว กรุณาเลือกใหม่
partner-error-conflict = ทำรายการนี้ไม่ได้ในสถานะปัจจุบันของการจอง รายการได้รับการอัปเดตแล้ว
partner-error-slot-unavailable = เวลาออกรอบนี้ไม่ว่างแล้ว
partner-error-validation = ระบบจองไม่รับข้อมูลนี้ กรุณาตรวจสอบข้อมูลผู้เล่น
partner-error-persons-out-of-range = รอบนี้ไม่รับจำนวนผู้เล่นเท่านี้ กรุณาเลือกใหม่
partner-error-insufficient-credit = ขณะนี้เครดิตในบัญชีคู่ค้าไม่พอ
partner-error-rate-limited = ระบบจองมีผู้ใช้งานมาก กรุณาลองใหม่ในอีกสักครู่
partner-error-unavailable = ระบบจองไม่ตอบสนองในขณะนี้ กรุณาลองใหม่ในอีกสักครู่
partner-error-outcome-unknown = คำตอบจากระบบจองสูญหาย เรากำลังตรวจสอบว่าเกิดอะไรขึ้น
partner-error-invalid-response = ระบบจองส่งคำตอบที่อ่านไม่ได้ กรุณาลองใหม่ในอีกสักครู่

## Access and customer links
stranger-explain =
    สวัสดีครับ fairway เป็นบริการจองเวลาออกรอบกอล์ฟสำหรับตัวแทนขายและลูกค้าของตัวแทน
    หากต้องการใช้งาน กรุณาขอลิงก์ส่วนตัวจากตัวแทนของคุณแล้วเปิดลิงก์นั้น หรือติดต่อผู้ดูแลระบบเพื่อเพิ่มคุณเป็นตัวแทน
stranger-short = บอทนี้สำหรับตัวแทนของ fairway และลูกค้าของตัวแทน กรุณาขอลิงก์จากตัวแทนของคุณ
customer-welcome = ยินดีต้อนรับคุณ { $name } ตัวแทนของคุณเชิญให้จองเวลาออกรอบ มาเริ่มกันเลย
link-own-role = นี่คือลิงก์สำหรับลูกค้า คุณเป็นตัวแทนอยู่แล้ว จึงจองได้โดยตรง
link-refused-unknown = ลิงก์นี้ใช้ไม่ได้ กรุณาตรวจสอบกับตัวแทนที่ส่งลิงก์มา
link-refused-revoked = ตัวแทนที่ส่งลิงก์นี้ได้ยกเลิกลิงก์แล้ว
link-refused-expired = ลิงก์นี้หมดอายุแล้ว กรุณาขอลิงก์ใหม่จากตัวแทนของคุณ
link-refused-used-up = ลิงก์นี้ถูกใช้ครบจำนวนแล้ว กรุณาขอลิงก์ใหม่จากตัวแทนของคุณ
link-refused-still-customer = คุณยังจองผ่านตัวแทนที่เชิญคุณไว้ก่อนหน้าได้ด้วย /book
link-refused-agent-removed = ตัวแทนที่ส่งลิงก์นี้ไม่ได้ขายผ่าน fairway แล้ว กรุณาติดต่อเอเจนซี
access-ended-agent-removed = ตัวแทนที่เชิญคุณไม่ได้ขายผ่าน fairway แล้ว จึงจองใหม่ผ่านตัวแทนนี้ไม่ได้ การจองเดิมของคุณยังอยู่ใน /mybookings กรุณาติดต่อเอเจนซีเพื่อจองใหม่
access-ended-link-revoked = ตัวแทนของคุณยกเลิกลิงก์ที่คุณใช้เข้ามาแล้ว จึงจองใหม่ผ่านลิงก์นี้ไม่ได้ การจองเดิมของคุณยังอยู่ใน /mybookings กรุณาขอลิงก์ใหม่จากตัวแทนของคุณ
hold-refused-stranger = เฉพาะตัวแทนของ fairway และลูกค้าของตัวแทนเท่านั้นที่จองได้ กรุณาขอลิงก์จากตัวแทนของคุณ
hold-refused-agent-removed = { access-ended-agent-removed }
hold-refused-link-revoked = { access-ended-link-revoked }
hold-refused-other-agent = รอบเวลานี้เสนอโดยตัวแทนคนอื่น คุณจองผ่านตัวแทนที่เชิญคุณเท่านั้น กรุณาสอบถามตัวแทนของคุณ หรือใช้ /book
hold-refused-course = ลิงก์ของคุณใช้ได้กับสนามเดียว จึงจองรอบเวลานี้ไม่ได้ กรุณาเลือกรอบเวลาที่สนามของคุณ
hold-refused-too-many-holds = คุณมีรอบเวลาที่กันไว้รอชำระเงินอยู่แล้ว { $max } รอบ กรุณาชำระหรือยกเลิกใน /mybookings ก่อน แล้วจึงจองรอบนี้
links-agents-only = ลิงก์สำหรับลูกค้าใช้ได้เฉพาะตัวแทน
link-builder-title = สร้างลิงก์สำหรับลูกค้า
link-builder-hint = เลือกสนาม จำนวนลูกค้าที่ใช้ลิงก์ได้ และระยะเวลาที่ลิงก์ใช้ได้ แล้วกดสร้าง
link-any-course = ทุกสนาม
link-pick-course = ให้ลิงก์เปิดสนามไหน
link-uses = ลูกค้า { $count } คน
link-uses-unlimited = ไม่จำกัด
link-days = { $count } วัน
link-expiry-never = ไม่มีวันหมดอายุ
link-create = ✅ สร้างลิงก์
link-created = ลิงก์สำหรับลูกค้าพร้อมแล้ว ส่งให้ลูกค้าของคุณได้เลย
link-share = 📤 แชร์ลิงก์
link-share-text = จองเวลาออกรอบกับผมผ่าน fairway ได้ที่นี่
link-revoke = 🚫 ยกเลิกลิงก์นี้
link-revoke-n = 🚫 { $n }
link-revoked = ยกเลิกลิงก์แล้ว
link-revoked-customers = { $n ->
    [0] ยังไม่มีใครเข้าร่วมผ่านลิงก์นี้
   *[other] ลูกค้า { $n } คนที่เข้าร่วมผ่านลิงก์นี้จะเริ่มการจองใหม่ไม่ได้อีก การจองที่ทำไว้แล้วยังคงอยู่ ส่งลิงก์ใหม่ให้พวกเขาหากต้องการให้จองได้อีก
}
link-not-revoked = ยกเลิกลิงก์ไม่ได้ (ถูกยกเลิกไปแล้ว หรือไม่ใช่ลิงก์ของคุณ)
links-title = ลิงก์สำหรับลูกค้าของคุณ
links-empty = คุณยังไม่มีลิงก์สำหรับลูกค้า สร้างได้ด้วย /link
link-uses-count = ใช้แล้ว { $used } จาก { $max }
link-uses-count-unlimited = ใช้แล้ว { $used } ครั้ง
link-expires = ถึง { $when }
link-state-active = ✅ ใช้งานได้
link-state-revoked = 🚫 ยกเลิกแล้ว
link-state-ended = ⌛ สิ้นสุดแล้ว
notify-agent-booking = 🎉 ลูกค้าของคุณ { $customer } จอง { $course } วันที่ { $date } เวลา { $time } น. ผู้เล่น { $players } คน { $amount } รหัส { $code }
notify-low-balance = ⚠️ เครดิตของคู่ค้าเหลือน้อย: เหลือ { $balance } (เกณฑ์แจ้งเตือน { $threshold }) กรุณาเติมเครดิตเพื่อให้จองต่อได้

## Admin
admin-only = คำสั่งนี้สำหรับผู้ดูแลระบบเท่านั้น
admin-button-invalid = ปุ่มนี้ใช้ไม่ได้แล้ว
admin-actor-system = fairway (อัตโนมัติ)
admin-direct = จองตรง
admin-agent = เอเจนต์ { $id }
admin-more = …และอีก { $count } รายการ
admin-players = { $count } คน
admin-amount-unknown = ไม่ระบุยอด
admin-partner-unreachable = ติดต่อคู่ค้าไม่ได้ ข้อมูลนี้อาจไม่เป็นปัจจุบัน
admin-unknown = ไม่พบการจอง <code>{ $ref }</code> ทั้งใน fairway และที่คู่ค้า
admin-not-fairway = การจอง <code>{ $ref }</code> ไม่ได้ทำผ่าน fairway จึงแก้ไขจากที่นี่ไม่ได้ ดูรายละเอียดได้ด้วย /order { $ref }
admin-busy = การจอง <code>{ $ref }</code> กำลังดำเนินการอยู่ ({ $status }) และรอคำตอบจากคู่ค้า กรุณาลองใหม่ในอีกสักครู่
admin-owned-by-move = ไม่ได้ดำเนินการ: <code>{ $ref }</code> มีการย้ายที่ยังไม่จบ กรุณาปฏิเสธการย้ายในการ์ดก่อน (หรือรอให้จบ) แล้วลองอีกครั้ง การคืนเงินจะไม่ทำซ้อนกับการย้าย
admin-balance = เครดิตคงเหลือกับคู่ค้า: <b>{ $amount }</b> (ตรวจเมื่อ { $time } น. { $date })
admin-balance-failed = อ่านยอดเครดิตของคู่ค้าไม่ได้: { $error }
admin-refund-usage = วิธีใช้: <code>/refund &lt;รหัสการจองหรือเลขที่การจอง&gt;</code>
admin-refund-held = ไม่ได้คืนเงิน: <code>{ $ref }</code> ยังเป็นการกันที่ที่ยังไม่ได้ชำระเงิน จึงไม่มีเงินให้คืน ให้ปล่อยที่แทนด้วย <code>/release { $ref }</code>
admin-refund-already = <code>{ $ref }</code> คืนเงินไปแล้ว ({ $amount })
admin-refund-not-paid = ไม่ได้คืนเงิน: <code>{ $ref }</code> ไม่เคยชำระเงิน (สถานะ: { $status })
admin-refund-confirm-title = ยืนยันคืนเงินการจองนี้?
admin-refund-policy = คู่ค้าจะคืนเงินตามเงื่อนไขในสัญญา ยอดที่ได้คืนอาจน้อยกว่ายอดที่ชำระ
admin-btn-confirm-refund = ✅ ยืนยันคืนเงิน
admin-btn-cancel = ✖ ยกเลิก
admin-refund-working = กำลังคืนเงิน…
admin-refund-cancelled = ยกเลิกการคืนเงินแล้ว ไม่มีการเปลี่ยนแปลงใด ๆ
admin-refund-done = ✅ คืนเงิน <code>{ $ref }</code> แล้ว: คู่ค้าคืนเครดิต <b>{ $refunded }</b> จากยอดชำระ { $paid } (สถานะที่คู่ค้า { $status })
admin-refund-failed = ❌ คู่ค้าไม่ได้คืนเงิน <code>{ $ref }</code>: { $error } สถานะตอนนี้: { $status }
admin-refund-unknown = ⚠️ ไม่ได้รับคำตอบจากคู่ค้าเรื่องการคืนเงิน <code>{ $ref }</code> fairway จะตรวจสอบการจองให้ ดูผลได้ด้วย <code>/order { $ref }</code> ในอีกสักครู่
admin-release-usage = วิธีใช้: <code>/release &lt;รหัสการจองหรือเลขที่การจอง&gt;</code>
admin-release-paid = ไม่ได้ปล่อยที่: <code>{ $ref }</code> ชำระเงินแล้ว ให้คืนเงินแทนด้วย <code>/refund { $ref }</code>
admin-release-not-held = ไม่ได้ปล่อยที่: <code>{ $ref }</code> ไม่มีการกันที่ที่ยังไม่ได้ชำระ (สถานะ: { $status })
admin-release-group-flight = ไม่ได้ปล่อยที่: <code>{ $ref }</code> เป็นทีไทม์ของกลุ่ม กลุ่มต้องยกเลิกทั้งกลุ่มพร้อมกัน ยกเลิกทีไทม์เดียวไม่ได้ ผู้จองยกเลิกทั้งกลุ่มได้ใน /mybookings หรือรอให้หมดเวลากันที่
admin-release-done = ✅ ปล่อยที่ <code>{ $ref }</code> ที่คู่ค้าแล้ว
admin-release-pending = ⏳ การปล่อยที่ <code>{ $ref }</code> ยังไม่เสร็จ fairway จะดำเนินการต่อให้ในไม่ช้า
admin-order-usage = วิธีใช้: <code>/order &lt;รหัสการจองหรือเลขที่การจอง&gt;</code>
admin-order-title = การจอง { $ref }
admin-order-status = สถานะ: { $status } · ที่คู่ค้า: { $partner }
admin-order-ids = ไอดีการจองที่คู่ค้า <code>{ $id }</code> · เลขที่ธุรกรรม <code>{ $tx }</code> · อ้างอิงใน fairway <code>{ $booking }</code>
admin-order-invoice = ใบแจ้งหนี้ของคู่ค้า <code>{ $invoice }</code>
admin-order-who = ยอดนับให้: { $agent } · ผู้จอง <code>{ $user }</code>
admin-order-made = จองเมื่อ: { $time }
admin-order-hold = กันที่ถึง: { $time }
admin-order-paid = ชำระเมื่อ: { $time }
admin-order-refunded = คืนเงิน: { $amount } เมื่อ { $time }
admin-order-release-reason = เหตุที่ปล่อยที่: { $reason }
admin-order-history = ประวัติ
admin-order-foreign-title = การจอง { $ref } (ดูอย่างเดียว)
admin-order-foreign-note = การจองนี้ไม่ได้ทำผ่าน fairway แสดงตามข้อมูลของคู่ค้า และแก้ไขจากที่นี่ไม่ได้
admin-bookings-title-recent = การจองล่าสุด
admin-bookings-title-today = การจองวันนี้
admin-bookings-title-week = การจองใน 7 วันที่ผ่านมา
admin-bookings-title-agent = การจองล่าสุดของเอเจนต์ { $agent }
admin-bookings-usage = วิธีใช้: <code>/bookings</code>, <code>/bookings today</code>, <code>/bookings week</code> หรือ <code>/bookings &lt;ไอดีเอเจนต์&gt;</code>
admin-bookings-empty = ยังไม่มีการจอง
admin-bookings-group = 👥 ทีไทม์ที่ { $n } ของกลุ่ม { $flights } ทีไทม์
admin-report-usage = วิธีใช้: <code>/report &lt;วันเริ่ม&gt; &lt;วันสิ้นสุด&gt;</code> ใส่วันที่แบบ YYYY-MM-DD (ปี ค.ศ. ตามเวลาประเทศไทย นับรวมทั้งสองวัน ไม่เกิน { $days } วัน) เช่น <code>/report 2026-11-01 2026-11-30</code>
admin-report-title = รายงาน { $from } – { $to }
admin-report-row = { $who }: ชำระ { $paid } รายการ { $paidAmount } · คืนเงิน { $refunded } รายการ { $refundedAmount } · สุทธิ <b>{ $net }</b>
admin-report-total = รวม
admin-report-empty = ไม่มีการจองที่ชำระเงินในช่วงนี้
admin-report-caption = รายงานเดียวกันในรูปแบบ CSV (ยอดเงินเป็นบาท)
admin-report-bookings-caption = การจองที่ชำระแล้วในรายงานทีละรายการ พร้อมเลขที่ใบแจ้งหนี้ของคู่ค้า ในรูปแบบ CSV (ยอดเงินเป็นบาท)
admin-report-groups = { $groups } กลุ่ม
report-group-line = 👥 { $when } · { $course } · { $customer }: { $flights } ทีไทม์ ({ $codes }) · { $amount }
admin-agents-title = เอเจนต์
admin-agents-none = ยังไม่มีเอเจนต์
admin-agents-from-config = ตั้งค่าไว้ใน AGENT_IDS
admin-agents-added = เพิ่มโดย { $by } เมื่อ { $time }
admin-agents-usage = เพิ่ม: <code>/agents add &lt;ไอดีผู้ใช้ Telegram&gt; [ชื่อ]</code> · ลบ: <code>/agents remove &lt;ไอดีผู้ใช้ Telegram&gt;</code>
admin-agents-is-admin = { $id } เป็นผู้ดูแลระบบอยู่แล้ว ใช้งานได้ทุกอย่างที่เอเจนต์ทำได้
admin-agents-exists = { $id } เป็นเอเจนต์อยู่แล้ว
admin-agents-added-done = ✅ เพิ่ม { $id }{ $name } เป็นเอเจนต์แล้ว และอัปเดตเมนูคำสั่งให้แล้ว
admin-agents-config = { $id } เป็นเอเจนต์ที่ตั้งค่าไว้ใน AGENT_IDS ต้องลบที่นั่นแล้วรีสตาร์ต fairway
admin-agents-unknown = { $id } ไม่ใช่เอเจนต์ที่เพิ่มไว้ที่นี่
admin-agents-removed = ✅ { $id } ไม่ได้เป็นเอเจนต์แล้ว ลิงก์และการ์ดข้อเสนอของเขาใช้เข้ามาไม่ได้อีก ลูกค้าของเขาเริ่มจองใหม่ไม่ได้ (ระบบแจ้งให้ติดต่อเอเจนซี) และเรื่องของลูกค้าเหล่านั้นจะส่งถึงแอดมินแทน อัปเดตเมนูคำสั่งให้แล้ว
admin-audit-title = บันทึกการตรวจสอบ: รายการล่าสุดที่มีการเคลื่อนไหวของเงิน
admin-audit-title-booking = บันทึกการตรวจสอบของ { $ref }
admin-audit-unknown = ไม่พบการจอง <code>{ $ref }</code> ในระบบของ fairway
admin-audit-empty = ยังไม่มีรายการ

## Command menu
cmd-start = เริ่มต้น: บอทนี้ทำอะไรได้บ้าง
cmd-help = วิธีใช้งาน
cmd-language = ภาษา: ไทย / English / 한국어 / 日本語 / 中文
cmd-language-staff = ภาษาไทย / English
cmd-book = จองเวลาออกรอบ
cmd-mybookings = การจองของฉัน
cmd-link = สร้างลิงก์สำหรับลูกค้า
cmd-links = ลิงก์ลูกค้าของฉัน
cmd-cancel = ยกเลิกการจองที่กำลังทำอยู่
cmd-balance = เครดิตคงเหลือกับคู่ค้า
cmd-order = ดูการจองและประวัติ
cmd-refund = คืนเงินการจองที่ชำระแล้ว
cmd-release = ปล่อยที่ที่ยังไม่ได้ชำระ
cmd-bookings = การจองล่าสุด
cmd-report = รายงานแยกตามเอเจนต์ (พร้อม CSV)
cmd-agents = ดู เพิ่ม หรือลบเอเจนต์
cmd-audit = บันทึกรายการที่มีการเคลื่อนไหวของเงิน

## After the booking: reminders and the admins' digest
cmd-digest = เปิดหรือปิดสรุปประจำวัน
reminder-hours = { $hours } ชั่วโมง
reminder-minutes = { $minutes } นาที
reminder-title = แจ้งเตือน: อีก { $before } ถึงเวลาออกรอบของคุณ
reminder-btn-booking = 📋 การจองของฉัน
reminder-btn-cancel = ✋ ขอยกเลิก
reminder-btn-map = 📍 แผนที่
reminder-agent = ⏰ ลูกค้าของคุณ { $customer } จะออกรอบในอีก { $before }: { $course } วันที่ { $date } เวลา { $time } น. รหัส { $code }
reminder-agent-group = ⏰ กลุ่มของลูกค้าของคุณ { $customer } จะออกรอบในอีก { $before }: { $course } วันที่ { $date } เวลา { $times } น. รหัส { $codes }
digest-title = สรุปประจำวันที่ { $date }
digest-paid = การจองที่ชำระแล้ว: { $count } รายการ · รายได้ { $amount }
digest-groups = กลุ่ม: { $groups } กลุ่ม ({ $flights } ทีไทม์ในรายการที่ชำระแล้ว)
digest-refunded = คืนเงิน: { $count } รายการ · { $amount }
digest-released = ปล่อยที่ที่กันไว้: { $count } รายการ
digest-cancel-requests = คำขอยกเลิกที่รอดำเนินการ: { $count } รายการ
digest-balance = เครดิตคู่ค้าขณะนี้: { $balance }
digest-balance-unavailable = เครดิตคู่ค้า: อ่านไม่ได้ในขณะนี้
digest-footer = ไฟล์ CSV ตามมาในข้อความถัดไป ปิดสรุปนี้ได้ด้วย <code>/digest off</code>
digest-turned-on = ✅ คุณจะได้รับสรุปประจำวัน
digest-turned-off = ✅ คุณจะไม่ได้รับสรุปประจำวันอีก <code>/digest on</code> เพื่อเปิดอีกครั้ง
digest-is-on = สรุปประจำวันเปิดอยู่สำหรับคุณ
digest-is-off = สรุปประจำวันปิดอยู่สำหรับคุณ
digest-usage = <code>/digest on</code> หรือ <code>/digest off</code>
## After the booking: cancellation requests, the golfer's copy, notices
cmd-requests = คำขอยกเลิกที่รอพิจารณา
btn-request-cancellation = 🙋 ขอยกเลิกการจอง
btn-send-to-golfer = 📨 ส่งให้นักกอล์ฟ
my-bookings-shared = ผู้จองแชร์การจองนี้ให้คุณ (ดูได้อย่างเดียว)
cancel-request-not-paid = ขอยกเลิกได้เฉพาะการจองที่ชำระเงินแล้วและยังไม่ถึงเวลาออกรอบ
cancel-request-exists = มีคำขอยกเลิกการจองนี้รอผู้ดูแลระบบพิจารณาอยู่แล้ว
cancel-request-move-open = การจองนี้มีคำขอย้ายที่รออนุมัติ กรุณายกเลิกการย้ายก่อน (หรือรอคำตอบ) แล้วจึงขอยกเลิกการจอง
cancel-request-reason = ต้องการยกเลิกเพราะอะไร? พิมพ์เหตุผลสั้น ๆ หรือแตะ <b>ข้าม</b> พิมพ์ /cancel เพื่อหยุด จะไม่มีการส่งคำขอ
cancel-request-skip = ข้าม
cancel-request-sent = 📨 ส่งคำขอยกเลิก <code>{ $code }</code> ถึงผู้ดูแลระบบแล้ว คุณจะได้รับแจ้งผลการพิจารณา ระหว่างนี้การจองยังมีผลอยู่
cancel-request-dropped = ไม่ได้ส่งคำขอยกเลิก
cancel-request-card-title = คำขอยกเลิกการจอง
cancel-request-card-by = 🙋 ขอโดย <code>{ $id }</code> ({ $relation ->
    [booker] ผู้จอง
    [agent] ตัวแทนที่ได้รับเครดิต
   *[golfer] นักกอล์ฟที่ได้รับสำเนา
    })
cancel-request-card-reason = 💬 เหตุผล: { $reason }
cancel-request-card-no-reason = 💬 ไม่ได้ระบุเหตุผล
cancel-request-btn-approve = ✅ อนุมัติคืนเงิน
cancel-request-btn-decline = ✖️ ปฏิเสธ
cancel-request-declining = กำลังปฏิเสธ…
cancel-request-decided = คำขอนี้{ $state ->
    [approved] ได้รับการอนุมัติแล้ว
    [declined] ถูกปฏิเสธแล้ว
    [deciding] อยู่ระหว่างการพิจารณา
   *[closed] ถูกปิดแล้ว
    } (โดย { $by }) ไม่มีการเปลี่ยนแปลงใด ๆ
cancel-request-closed = ไม่ได้คืนเงิน: <code>{ $ref }</code> ไม่อยู่ในสถานะชำระแล้ว (สถานะ: { $status }) ได้รับการจัดการด้วยวิธีอื่นแล้ว คำขอถูกปิด
cancel-request-approved-admin = ✅ อนุมัติแล้ว: คู่ค้าคืนเครดิต <b>{ $amount }</b> จากยอดชำระ { $paid } แจ้งผู้ขอแล้ว
cancel-request-declined-admin = ✖️ ปฏิเสธแล้ว แจ้งผู้ขอแล้ว การจองยังมีผลอยู่
cancel-request-none = ไม่มีคำขอยกเลิกที่รอพิจารณา
cancel-request-list = { $count ->
   *[other] มีคำขอยกเลิกรอพิจารณา { $count } รายการ (รายการเก่าสุด { $shown } รายการด้านล่าง):
    }
cancel-request-approved = ✅ คำขอยกเลิกของคุณได้รับการอนุมัติ: การจองที่ { $course } วันที่ { $date } เวลา { $time } น. (รหัส { $code }) ถูกยกเลิกและคืนเงินแล้ว คุณจะได้รับเงินคืน { $amount }
cancel-request-declined = ✖️ คำขอยกเลิกการจองที่ { $course } วันที่ { $date } เวลา { $time } น. (รหัส { $code }) ถูกปฏิเสธ การจองยังมีผลอยู่
notify-admin-refunded = ผู้ดูแลระบบยกเลิกการจองที่ { $course } วันที่ { $date } เวลา { $time } น. (รหัส { $code }) และคืนเงินแล้ว คุณจะได้รับเงินคืน { $amount }
notify-admin-released = ผู้ดูแลระบบปล่อยที่ที่กันไว้ที่ { $course } วันที่ { $date } เวลา { $time } น. แล้ว ไม่มีการเรียกเก็บเงิน
golfer-copy-link = ส่งลิงก์นี้ให้นักกอล์ฟของ <code>{ $code }</code> ใช้ได้ครั้งเดียว สำหรับหนึ่งคน จนถึงเวลาออกรอบ:
    { $url }
golfer-copy-btn-share = 📤 แชร์
golfer-copy-share-text = การจองเวลาออกรอบของคุณ
golfer-copy-not-paid = ส่งให้นักกอล์ฟได้เฉพาะการจองที่ชำระเงินแล้วและยังไม่ถึงเวลาออกรอบ
golfer-copy-claimed = ⛳ การจองนี้อยู่ใน /mybookings ของคุณแล้ว (ดูได้อย่างเดียว)
golfer-copy-btn-view = 📋 ดูการจอง
golfer-copy-claimed-agent = 📨 { $golfer } เปิดสำเนาการจองที่ { $course } วันที่ { $date } เวลา { $time } น. (รหัส { $code }) แล้ว
golfer-copy-unknown = ลิงก์นี้ไม่ถูกต้อง
golfer-copy-used = ลิงก์นี้มีผู้อื่นใช้ไปแล้ว กรุณาขอลิงก์ใหม่จากผู้จอง
golfer-copy-expired = ลิงก์นี้หมดอายุแล้ว (เลยเวลาออกรอบแล้ว)
golfer-copy-own = นี่คือการจองของคุณเอง กรุณาส่งลิงก์ให้นักกอล์ฟ
golfer-copy-again = ยังไม่มีใครเปิดลิงก์นี้ จึงเป็นลิงก์เดิม เมื่อนักกอล์ฟเปิดแล้ว กด 📨 ส่งให้นักกอล์ฟ อีกครั้งเพื่อรับลิงก์ถัดไป
golfer-copy-all-used = ลิงก์สำหรับนักกอล์ฟของการจองนี้ถูกเปิดครบ { $limit } ลิงก์แล้ว การจองหนึ่งรายการมีลิงก์ได้หนึ่งลิงก์ต่อผู้เล่นหนึ่งคน

## Inline offers (@bot in any chat)
cmd-offers = ข้อเสนอของฉัน: เปิดดูและจองแล้ว
inline-agents-only = ข้อเสนอสำหรับตัวแทนของ fairway: เปิด fairway
inline-type-course = พิมพ์ชื่อสนาม เช่น ริเวอร์ไซด์ พรุ่งนี้
inline-no-course = ไม่พบสนามที่ตรงกัน: เปิด fairway
inline-no-tee-times = ไม่มีเวลาออกรอบว่างในวันนั้น
inline-date-out-of-range = วันนั้นจองไม่ได้
inline-partner-unavailable = อ่านเวลาออกรอบไม่ได้ในขณะนี้
inline-slow-down = ค้นหาบ่อยเกินไป กรุณารอสักครู่
inline-result-title = { $time } น. · { $course }
inline-result-description = { $date } · { $price } ต่อคน · { $min }–{ $max } คน
offer-card = ⛳ <b>{ $course }</b>
    📅 { $date } · { $time } น.
    💰 { $price } ต่อคน · { $min }–{ $max } คน

    แตะปุ่มด้านล่างเพื่อจองเวลาออกรอบนี้กับ fairway
inline-group-title = 👥 { $from }–{ $to } น. · { $course }
inline-group-description = { $date } · { $flights } ทีไทม์ ({ $split }) · รวม { $total }
offer-card-group = 👥 <b>{ $course }</b>
    📅 { $date } · { $times } น.
    🏌️ ผู้เล่น { $players } คน ใน { $flights } ทีไทม์ ({ $split })
    💰 รวม { $total }

    แตะปุ่มด้านล่าง แล้วเลือกผู้เล่น { $players } คน เพื่อจองทีไทม์เหล่านี้กับ fairway
offer-book-button = จองเวลาออกรอบนี้
offer-book-group-button = จองทีไทม์เหล่านี้
offer-refused-unknown = ข้อเสนอนี้ใช้ไม่ได้ กรุณาขอข้อเสนอใหม่จากตัวแทนที่ส่งมา
offer-refused-expired = ข้อเสนอนี้สิ้นสุดแล้ว: เวลาออกรอบผ่านไปแล้ว
offer-refused-used-up = ข้อเสนอนี้มีผู้เปิดครบจำนวนแล้ว กรุณาขอข้อเสนอใหม่จากตัวแทน
offer-gone = เวลาออกรอบที่เสนอเพิ่งถูกจองไป เวลาว่างที่ใกล้ที่สุดในวันนั้น: { $times }
offer-gone-none = เวลาออกรอบที่เสนอเพิ่งถูกจองไป และไม่มีเวลาอื่นว่างในวันนั้น กรุณาเลือกวันอื่น
notify-offer-booked = 🎉 ข้อเสนอของคุณถูกจองแล้ว: { $customer } จอง { $course } วันที่ { $date } เวลา { $time } น. ผู้เล่น { $players } คน { $amount } รหัส { $code }
offers-title = ข้อเสนอของคุณ
offers-empty = ยังไม่มีข้อเสนอ พิมพ์ @{ $bot } ตามด้วยชื่อสนามในแชทใดก็ได้เพื่อส่งข้อเสนอ
offers-line = { $n }. { $course } · { $date } { $time } น. · ส่ง { $posted } · เปิด { $opened } · จอง { $booked }
offers-agents-only = ข้อเสนอสำหรับตัวแทนเท่านั้น
# Abuse control and rate limits
flood-notice = คุณส่งข้อความเร็วเกินกว่าที่ฉันจะตอบได้ทัน บางข้อความจึงถูกข้ามไป กรุณารอสักครู่แล้วทำต่อ
busy-toast = ⏳ ขณะนี้ fairway มีงานมาก คำตอบของคุณกำลังตามมา

## Find a tee time (/find, plain words)
menu-find = 🔎 ค้นหาเวลาออกรอบ
find-title = 🔎 ค้นหาเวลาออกรอบ
find-criteria = 📅 { $dates } · 🕐 { $window } · 👥 { $players } คน · 📍 { $area } · 💰 { $price }
find-today = วันนี้
find-tomorrow = พรุ่งนี้
find-weekend = สุดสัปดาห์นี้
find-weekend-dates = { $from } และ { $to }
find-window-any = ทุกช่วงเวลา
find-area-any = ทุกพื้นที่
find-area-near = ใกล้ตำแหน่งของคุณ
find-price-any = ทุกราคา
find-price-max = ไม่เกิน { $price }
find-read-as = อ่านได้ว่า: <i>{ $text }</i>
find-count = { $hits } เวลาออกรอบ จาก { $courses } สนาม
find-sorted-earliest = เรียงตามเวลาที่เร็วที่สุด
find-sorted-cheapest = เรียงตามราคาที่ถูกที่สุด
find-sorted-nearest = เรียงตามระยะทางที่ใกล้ที่สุด
find-line = { $n }. <b>{ $time }</b> { $course } — { $price } × { $players } = <b>{ $total }</b>{ $extra }
find-caddy-free = · รวมแคดดี้
find-caddy-price = · แคดดี้ { $price } ชำระที่สนาม
find-km = · { $km } กม.
find-page = หน้า { $page } จาก { $pages }
find-none = ไม่พบเวลาที่ตรงเงื่อนไขใน { $courses } สนามที่ค้นหา ลองผ่อนเงื่อนไขข้อใดข้อหนึ่ง:
find-no-courses = ไม่มีสนามในพื้นที่นี้ เลือกพื้นที่อื่นด้านล่าง
find-failed = ⚠️ { $courses } ไม่ตอบกลับ จึงไม่แสดงเวลาของสนามเหล่านี้ ลองใหม่อีกครั้งในอีกสักครู่
find-unavailable = ⚠️ ขณะนี้ยังดึงรายชื่อสนามไม่ได้ แตะเงื่อนไขด้านล่างเพื่อลองอีกครั้ง
find-expired = การค้นหานี้หมดอายุแล้ว พิมพ์ /find เพื่อค้นหาใหม่
find-btn-earliest = เร็วที่สุด
find-btn-cheapest = ถูกที่สุด
find-btn-nearest = ใกล้ที่สุด
find-btn-date = 📅 วันที่
find-btn-window = 🕐 เวลา
find-btn-players = 👥 ผู้เล่น
find-btn-area = 📍 พื้นที่
find-btn-price = 💰 ราคา
find-btn-near = 📍 ใกล้ตำแหน่ง…
find-btn-share-location = 📍 ส่งตำแหน่งของฉัน
find-relax-window = 🕐 ทุกช่วงเวลา
find-relax-area = 📍 ทุกพื้นที่
find-relax-price = 💰 ทุกราคา
find-relax-date = 📅 { $date }
find-choose-date = เลือกวันที่:
find-choose-window = เลือกช่วงเวลา:
find-choose-players = ผู้เล่นกี่คน?
find-choose-area = เลือกพื้นที่:
find-choose-price = ราคาสูงสุดต่อคน:
find-share-location = ส่งตำแหน่ง (เมนู 📎 หรือปุ่มด้านล่าง) แล้วเราจะแสดงสนามในระยะ 50 กม.
find-location-set = กำลังค้นหาใกล้ตำแหน่งนั้น
find-btn-calendar = 📆 วันอื่น…
find-horizon-beyond = ⚠️ เวลาออกรอบเปิดขายล่วงหน้า { $days } วัน จึงค้นหาได้ถึง { $last } ยังไม่เปิดขาย: { $dates }
find-horizon-past = ⚠️ ผ่านไปแล้ว: { $dates } ค้นหาเวลาออกรอบได้ตั้งแต่วันนี้ถึง { $last } (ล่วงหน้า { $days } วัน)
find-horizon-partly = ℹ️ ค้นหาเวลาออกรอบได้ถึง { $last } (ล่วงหน้า { $days } วัน) จึงไม่รวม: { $dates }

## Watches: tell me when a tee time opens (/watches)
cmd-watches = เวลาออกรอบที่ติดตามอยู่
find-btn-watch = 🔔 แจ้งเมื่อมีเวลาว่าง
slot-btn-watch = 🔔 แจ้งเมื่อมีเวลาว่าง
watch-criteria = 📅 { $dates } · 🕐 { $window } · 👥 { $players } · 📍 { $place } · 💰 { $price }
watch-players = { $players } คน
watch-players-any = กี่คนก็ได้
watch-created =
    กำลังติดตามให้คุณ: { $what }
    เราจะส่งข้อความทันทีที่มีเวลาออกรอบที่ตรงเงื่อนไขว่างขึ้น ดูรายการที่ติดตามทั้งหมดได้ที่ /watches
watch-exists =
    คุณติดตามการค้นหานี้อยู่แล้ว: { $what }
    ดูรายการที่ติดตามทั้งหมดได้ที่ /watches
watch-limit = คุณติดตามอยู่ { $limit } รายการ ซึ่งเป็นจำนวนสูงสุด หยุดติดตามรายการหนึ่งใน /watches เพื่อเพิ่มรายการใหม่
watch-date-passed = วันนั้นผ่านไปแล้ว ค้นหาใหม่ด้วย /find
watch-not-on-sale = วันนั้นยังไม่เปิดขาย เวลาออกรอบเปิดขายล่วงหน้า { $days } วัน ถึง { $last } ติดตามได้เฉพาะวันที่ไม่เกินนั้น ค้นหาใหม่ด้วย /find
watch-list-title = 🔔 รายการที่ติดตาม ({ $count } จาก { $limit })
watch-list-empty = คุณยังไม่ได้ติดตามเวลาออกรอบใด เมื่อ /find พบน้อยเกินไป หรือวันที่เลือกใน /book เต็มแล้ว ให้แตะ 🔔 แจ้งเมื่อมีเวลาว่าง
watch-list-ended = สิ้นสุดเมื่อเร็วๆ นี้:
watch-state-waiting = 👀 กำลังติดตาม · จะตรวจครั้งแรกในไม่ช้า
watch-state-not-on-sale = 👀 กำลังติดตาม · เริ่มตรวจ { $date } เมื่อเวลาออกรอบเปิดขาย
watch-state-checked = 👀 กำลังติดตาม · ตรวจล่าสุด { $time }
watch-state-failing = ⚠️ ระบบคู่ค้ายังไม่ตอบกลับ จะตรวจอีกครั้งในไม่ช้า
watch-state-stopped = หยุดติดตามแล้ว
watch-state-ended = สิ้นสุดแล้ว: เลยวันที่กำหนด
watch-alerted = แจ้งแล้ว { $alerts } เวลา
watch-btn-stop-n = 🛑 หยุด { $n }
watch-btn-stop = 🛑 หยุดติดตาม
watch-stopped = หยุดติดตามแล้ว จะไม่มีการแจ้งเตือนสำหรับการค้นหานี้อีก
watch-not-active = การติดตามนี้สิ้นสุดไปแล้ว
watch-alert-title = มีเวลาออกรอบว่างขึ้น { $count } เวลา
watch-alert-price = { $price } × { $players } = <b>{ $total }</b>
watch-alert-price-each = { $price } ต่อคน
watch-alert-more = …และอีก { $more } เวลา ดูทั้งหมดได้ที่ /find
watch-alert-hint = แตะ จองเลย: เราจะตรวจว่ายังว่างอยู่ แล้วไปที่ขั้นตอนข้อมูลนักกอล์ฟทันที
watch-btn-book = 📅 จองเลย: { $time } { $course }
watch-alert-invalid = การแจ้งเตือนนี้ใช้ไม่ได้แล้ว
watch-gone = เวลาออกรอบนั้นถูกจองไปแล้ว
watch-gone-watching = เวลาออกรอบนั้นถูกจองไปแล้ว เรายังติดตามต่อและจะแจ้งเมื่อมีเวลาอื่นว่างขึ้น
watch-over-price = เวลาออกรอบนั้นตอนนี้ราคาสูงกว่าราคาสูงสุดที่ตั้งไว้
watch-over-price-watching = เวลาออกรอบนั้นตอนนี้ราคาสูงกว่าราคาสูงสุดที่ตั้งไว้ เรายังติดตามต่อและจะแจ้งเมื่อมีเวลาอื่นว่างขึ้น
digest-watches = การติดตาม: ใช้งานอยู่ { $active } รายการ · แจ้งเวลาว่างแล้ว { $alerted } เวลา

## Prices and payments
cmd-prices = ส่วนบวกราคา: ราคาที่ลูกค้าจ่าย
prices-title = ราคาขาย
prices-no-markup = ไม่บวกราคา (ราคาของพาร์ทเนอร์)
prices-markup-percent = บวก { $value } จากราคาทุน
prices-markup-per-player = บวก { $amount } ต่อผู้เล่นจากราคาทุน
prices-agency = เอเจนซี: <b>{ $markup }</b> ({ $source })
prices-rounding = ปัดขึ้นเป็นหลัก { $baht } บาท
prices-course-line = สนาม { $course }: { $markup }
prices-agent-line = ตัวแทน { $agent }: { $markup }
prices-source-env = จาก PRICE_MARKUP
prices-source-agency = ตั้งด้วย /prices
prices-source-none = ยังไม่ได้ตั้ง
prices-source-course = ค่าเฉพาะของสนาม
prices-source-agent = ค่าเฉพาะของตัวแทน
prices-preview = ตัวอย่าง: { $course }, { $date } { $time } ({ $rule })
    ทุน <b>{ $net }</b> → ลูกค้าจ่าย <b>{ $selling }</b> ต่อผู้เล่น · กำไร { $margin }
    { $players } ผู้เล่น: { $partySelling } · กำไร { $partyMargin }
prices-preview-none = ไม่มีเวลาออกรอบว่างในวันข้างหน้าให้แสดงตัวอย่าง
prices-preview-unavailable = ติดต่อพาร์ทเนอร์ไม่ได้ จึงแสดงตัวอย่างไม่ได้
prices-course-unknown = ไม่มีสนามที่เปิดอยู่ตรงกับ “{ $course }”
prices-rounding-invalid = การปัดต้องเป็น 1, 10, 50 หรือ 100 (บาท)
prices-rounding-set = ตอนนี้ปัดราคาขายขึ้นเป็นหลัก { $baht } บาท
prices-agency-set = ส่วนบวกของเอเจนซีตอนนี้คือ { $markup }
prices-agency-default = ส่วนบวกของเอเจนซีกลับไปใช้ค่าจาก PRICE_MARKUP
prices-override-set = { $target } ตอนนี้ขายที่ { $markup }
prices-override-removed = { $target } ไม่มีค่าเฉพาะแล้ว
prices-usage = ตั้งค่า: <code>/prices 15%</code> หรือ <code>/prices 300</code> (บาทต่อผู้เล่น) · <code>/prices none</code> · <code>/prices default</code> (PRICE_MARKUP) · <code>/prices round 10</code> (1, 10, 50 หรือ 100) · <code>/prices course &lt;ชื่อ&gt; 20%</code> หรือ <code>off</code> · <code>/prices agent &lt;user id&gt; 10%</code> หรือ <code>off</code> · <code>/prices preview &lt;สนาม&gt;</code> ค่าของสนามมาก่อนค่าของตัวแทน และค่าของตัวแทนมาก่อนค่าของเอเจนซี

## Groups: one party, several tee times
players-group-hint = ผู้เล่นมากกว่า { $max } คน? เลือกจำนวนคนของกลุ่มด้านล่าง (👥) แล้ว fairway จะเสนอทีไทม์ติดกันให้ทั้งกลุ่ม
group-title = ผู้เล่น { $players } คน ใน { $flights } ทีไทม์
group-flight = { $n }. 🕒 { $time } · { $players } คน · { $amount }
group-total = รวม { $amount }
group-paid-total = ชำระแล้ว { $amount }
group-hint = ย้ายทีไทม์หรือเปลี่ยนการแบ่งผู้เล่นได้ แล้วกดต่อไป: จองและชำระครั้งเดียวทั้งกลุ่ม
group-players = ผู้เล่น { $players } คน · { $flights } ทีไทม์
group-none = วันนี้ไม่มีทีไทม์ติดกัน (ห่างกันไม่เกิน { $gap } นาที) ที่รับผู้เล่น { $players } คนได้ เลือกทีไทม์หรือวันอื่น หรือลดจำนวนผู้เล่น
group-moved = ทีไทม์ที่เลือกเริ่มกลุ่มไม่ได้ กลุ่มที่ใกล้ที่สุดเริ่มเวลา { $time }
group-placing = กำลังจองทีไทม์ของกลุ่ม…
group-hold-failed = จองทีไทม์ { $time } ไม่ได้ จึงไม่เก็บการจองใดของกลุ่มไว้ และไม่มีการเรียกเก็บเงิน เวลาว่างที่ใกล้ที่สุด: { $alternatives } นี่คือข้อเสนอใหม่
group-hold-unknown = ไม่ทราบว่าพาร์ทเนอร์จองทีไทม์ { $time } ได้หรือไม่ (คำตอบสูญหาย) จึงยกเลิกการจองอื่นของกลุ่มแล้ว และไม่มีการเรียกเก็บเงิน เวลาว่างที่ใกล้ที่สุด: { $alternatives } นี่คือข้อเสนอใหม่
group-held-title = จองทีไทม์ไว้ { $flights } รอบแล้ว
group-confirmed-title = จองกลุ่มสำเร็จ: { $flights } ทีไทม์
group-confirmed-footer = ไฟล์ปฏิทินด้านล่างมีทุกทีไทม์ของกลุ่ม ขอให้สนุกกับการออกรอบ!
group-outcome-partial = การชำระเงินหยุดกลางทาง: จองและชำระแล้ว { $paid } จาก { $flights } ทีไทม์ ที่เหลือถูกยกเลิกแล้ว
group-outcome-unknown = ไม่ทราบว่าการชำระเงินหนึ่งรายการสำเร็จหรือไม่ ตอนนี้ชำระแล้ว { $paid } จาก { $flights } ทีไทม์ ที่ยังไม่ได้ยืนยันถูกยกเลิกแล้ว เราจะส่งข้อความแจ้งผล
group-outcome-expired = การจองหมดเวลาก่อนชำระเงินทั้งกลุ่ม: ชำระแล้ว { $paid } จาก { $flights } ทีไทม์
group-outcome-released = การจองของกลุ่มถูกยกเลิกแล้ว: ชำระแล้ว { $paid } จาก { $flights } ทีไทม์
flight-title = ทีไทม์ที่ { $n }: เปลี่ยนเวลา
flight-hint = ทีไทม์ว่างที่ห่างจากทีไทม์อื่นของกลุ่มไม่เกิน { $gap } นาที:
flight-none = ไม่มีทีไทม์ว่างอื่นที่เข้ากับกลุ่ม (ห่างไม่เกิน { $gap } นาที) กดย้อนกลับเพื่อใช้เวลาเดิม
split-title = แบ่งผู้เล่น { $players } คนอย่างไร?
split-hint = จำนวนผู้เล่นต่อทีไทม์ เรียงตามเวลา
golfers-title = ชื่อผู้เล่นคนอื่น (ไม่บังคับ)
golfers-hint = พิมพ์ได้ไม่เกิน { $count } ชื่อ บรรทัดละชื่อหรือคั่นด้วยจุลภาค ชื่อจะส่งไปพร้อมการจอง หรือกดข้าม
golfers-too-many = โปรดพิมพ์ 1 ถึง { $count } ชื่อ บรรทัดละชื่อ หรือกดข้าม
flight-paid = ✅ ชำระแล้ว
flight-held = ⏳ จองไว้
flight-checking = ❓ กำลังตรวจสอบ
flight-released = ✖️ ยกเลิกแล้ว
flight-refunded = ↩️ คืนเงินแล้ว
btn-move-flight = 🕒 { $n }: { $time }
btn-change-split = 👥 เปลี่ยนการแบ่งผู้เล่น
btn-group-continue = ต่อไป ▶️
btn-skip-golfers = ข้าม
btn-confirm-group = ✅ ยืนยันและชำระทั้ง { $flights } ทีไทม์
btn-request-group-cancellation = ✖️ ขอยกเลิกทั้งกลุ่ม
cancel-request-card-group = 👥 ทั้งกลุ่ม: { $flights } ทีไทม์ ชำระแล้ว { $paid } อนุมัติแล้วจะคืนเงินทุกทีไทม์ที่ชำระ
cancel-request-group-approved = ✅ คำขอยกเลิกได้รับอนุมัติ: กลุ่มที่ { $course } วันที่ { $date } ({ $flights } ทีไทม์ ตั้งแต่ { $time }) ถูกยกเลิกและคืนเงินแล้ว พาร์ทเนอร์คืนเครดิต { $amount }
admin-refund-group = นี่คือทีไทม์ที่ { $n } ของกลุ่ม { $flights } ทีไทม์ (ชำระแล้ว { $paid }):
admin-btn-refund-group = ↩️ คืนเงินทั้งกลุ่ม ({ $paid } ทีไทม์)
admin-refund-group-none = ไม่มีอะไรต้องคืนเงิน: ไม่มีทีไทม์ใดของกลุ่มนี้ที่ชำระอยู่
admin-refund-group-done = ✅ คืนเงินกลุ่มแล้ว: { $refunded } จาก { $flights } ทีไทม์ พาร์ทเนอร์คืนเครดิต <b>{ $amount }</b>
admin-refund-group-failed = ⚠️ ยังไม่ได้คืนเงิน: ทีไทม์ที่ { $flights } (ดู /audit) ลอง /refund ด้วยรหัสของทีไทม์นั้นอีกครั้ง
notify-admin-group-refunded = ผู้ดูแลระบบยกเลิกกลุ่มของคุณที่ { $course } วันที่ { $date } ({ $flights } ทีไทม์ ตั้งแต่ { $time }) และคืนเงินแล้ว พาร์ทเนอร์คืนเครดิต { $amount }
group-status = { $state ->
    [paid] 👥 กลุ่มยืนยันและชำระแล้ว
    [partial] 👥 กลุ่มชำระแล้วบางส่วน
    [held] 👥 กลุ่มจองไว้ (ยังไม่ชำระ)
    [busy] 👥 กำลังจองกลุ่ม
    [refunded] 👥 กลุ่มคืนเงินแล้ว
   *[released] 👥 กลุ่มถูกยกเลิก
    }
group-flight-of = ทีไทม์ที่ { $n } ของกลุ่ม: กดย้อนกลับเพื่อดูทั้งกลุ่ม
find-line-group = { $n }. <b>{ $time }</b> { $course } — { $flights } ทีไทม์ ({ $split }) = <b>{ $total }</b>{ $extra }
ics-group-summary = ทีไทม์ที่ { $n } จาก { $flights } ที่ { $course }
ics-group-caption = 📅 เพิ่ม { $flights } ทีไทม์ของวันที่ { $date } ลงในปฏิทิน
notify-agent-group = 🎉 ลูกค้าของคุณ { $customer } จองกลุ่มที่ { $course } วันที่ { $date }: ผู้เล่น { $players } คน { $flights } ทีไทม์ { $amount }
    { $lines }
notify-group-paid = ✅ ข่าวดี: กลุ่มของคุณที่ { $course } วันที่ { $date } ได้รับการยืนยันแล้ว ชำระครบทุกทีไทม์ ({ $amount }):
    { $lines }
notify-group-partial = ⚠️ กลุ่มของคุณที่ { $course } วันที่ { $date } ชำระได้เพียงบางส่วน: จองแล้ว { $paid } จาก { $flights } ทีไทม์ ({ $amount }) ที่เหลือถูกยกเลิก:
    { $lines }
notify-group-expired = ⏳ การจองของกลุ่มที่ { $course } วันที่ { $date } ไม่ได้รับการยืนยันทันเวลาและถูกยกเลิกแล้ว ไม่มีการเรียกเก็บเงิน
    { $lines }
notify-group-released = ⚠️ ยกเลิกการจองของกลุ่มที่ { $course } วันที่ { $date } แล้ว: ระบบถูกขัดจังหวะระหว่างจองหรือยกเลิก และได้ดำเนินการจนเสร็จแล้ว ไม่มีการเรียกเก็บเงิน หากยังต้องการทีไทม์ โปรดจองใหม่ด้วย /book
    { $lines }

## Tee sheet (the Mini App, src/mini-app/)
tee-sheet-button = 🗓 ตารางทีออฟ
tee-sheet-menu = ตารางทีออฟ
tee-sheet-expired = รายการที่เลือกจากตารางทีออฟหมดอายุแล้ว เปิดตารางทีออฟแล้วแตะเวลาทีออฟอีกครั้ง
cmd-payments = การชำระเงินที่รอคุณตรวจ
cmd-promptpay = พร้อมเพย์ของคุณ (ลูกค้าโอนให้คุณ)
pay-prepaid = ชำระล่วงหน้า: ค่ากรีนฟี { $amount } ({ $players } × { $each })
pay-staff-money = ลูกค้าจ่าย <b>{ $selling }</b> · ทุน { $net } · กำไร { $margin }
pay-at-course = ชำระที่สนาม: { $caddy }; ค่ารถกอล์ฟและทิปแคดดี้ถ้าใช้
pay-at-course-caddy = ค่าแคดดี้ { $price } ต่อผู้เล่น
pay-at-course-caddy-free = รวมแคดดี้แล้ว
pay-at-course-caddy-unknown = ค่าแคดดี้ตามที่สนามเรียกเก็บ
pay-held-until = โปรดชำระภายใน { $time } ({ $minutes } นาที): เวลาออกรอบถูกกันไว้ถึงตอนนั้น
pay-btn-pay = 💳 ชำระด้วยพร้อมเพย์
pay-btn-request = 💳 ขอให้ลูกค้าชำระ (QR)
pay-panel-closed = 💳 สแกน QR ด้านล่างในแอปธนาคาร แล้วส่งรูปสลิปการโอนมาที่นี่
pay-booking-line = ⛳ { $course } · { $date } { $time } · { $players } ผู้เล่น
pay-title = ชำระ { $amount } ด้วยพร้อมเพย์
pay-to = ถึง { $payee } · อ้างอิง <code>{ $reference }</code>
pay-request-forward = ส่งต่อ QR นี้ให้ลูกค้า เมื่อได้รับเงินแล้วกด “บันทึกว่าชำระแล้ว”
pay-deadline = ⏳ โปรดชำระภายใน { $time }: เวลาออกรอบถูกกันไว้ถึงตอนนั้น
pay-send-slip = จากนั้นส่งรูปสลิปการโอนมาที่นี่ การจองจะยืนยันทันทีที่ตัวแทนตรวจแล้ว
pay-btn-cancel = ✖ ยกเลิกการจองนี้
pay-slip-title = สลิปการโอนจาก { $customer }
pay-slip-late-title = สลิปที่มาช้าจาก { $customer }
pay-slip-asked = ยอดที่ขอ { $amount } (อ้างอิง <code>{ $reference }</code>) · ทุน { $net } · กำไร { $margin }
pay-slip-ref = เลขอ้างอิงธนาคารบนสลิป: <code>{ $ref }</code>
pay-slip-qr-not-read = <b>อ่าน QR ไม่ได้</b> ({ $why ->
    [no-qr] ไม่มี QR ของสลิปในรูป: ถูกครอป แก้ไข หรือไม่ใช่สลิป
    [too-large] รูปใหญ่เกินขนาดที่ fairway อ่านได้
   *[other] อ่านไม่ได้ในขณะนี้
    }): ไม่มีเลขอ้างอิงธนาคาร จึงไม่ได้ตรวจเทียบกับเลขอ้างอิงของสลิปอื่น (ตรวจเทียบเฉพาะตัวรูป) โปรดตรวจยอดในแอปธนาคารของคุณก่อนยืนยัน
pay-slip-reused = เลขอ้างอิงธนาคารของสลิปนี้เคยส่งมาแล้วสำหรับการจอง <code>{ $code }</code>: อาจเป็นสลิปที่ใช้ซ้ำ
pay-slip-reused-image = { $by ->
    [file] ไฟล์สลิปนี้
   *[other] รูปสลิปเดียวกันนี้
    } เคยส่งมาแล้วสำหรับการจอง <code>{ $code }</code>: อาจเป็นสลิปที่ใช้ซ้ำ
pay-slip-late = การกันเวลาสิ้นสุดเมื่อ { $time } (การจอง: { $state }) ก่อนสลิปนี้มาถึง จึงไม่มีการจอง ถ้าได้รับเงิน { $amount } แล้ว โปรดคืนให้ลูกค้า
pay-slip-hold = กันเวลาไว้ถึง { $time }: ตรวจว่าเงินเข้าแล้วจึงยืนยัน
pay-btn-approve = ✅ ได้รับเงินแล้ว — ยืนยัน
pay-btn-reject = ✖ ยังไม่ได้รับเงิน
pay-btn-mark-paid = ✅ บันทึกว่าชำระแล้ว
pay-slip-already-confirmed = การจองของคุณยืนยันแล้ว ไม่ต้องชำระเพิ่ม
pay-slip-late-customer = ⚠️ การกันเวลาออกรอบของคุณสิ้นสุดเมื่อ { $time } ก่อนสลิปมาถึง จึงจองไม่ได้ ตัวแทนได้รับสลิปของคุณแล้วและจะคืนเงิน (หรือจองใหม่กับคุณ)
pay-slip-received = 🧾 ขอบคุณ สลิปของคุณ ({ $amount }) ส่งถึงตัวแทนแล้ว การจองจะยืนยันทันทีที่ตัวแทนตรวจการชำระเงิน
pay-slip-verified = ✅ ตรวจสอบการโอน { $amount } กับธนาคารแล้ว การจองของคุณยืนยันแล้ว ใบเสร็จจะตามมา
pay-slip-check-refused = ⚠️ ไม่สามารถรับสลิปนี้ได้: { $why }
    โปรดตรวจการโอนในแอปธนาคารแล้วส่งสลิปที่ถูกต้อง หรือรอตัวแทนของคุณ ซึ่งได้รับสลิปนี้แล้ว
pay-slip-check-retrying = ⏳ ขอบคุณ ธนาคารของคุณยังไม่ยืนยันการโอน { $amount } เราจะตรวจอีกครั้งเองในอีกประมาณ { $minutes } นาที ไม่ต้องส่งสลิปซ้ำ ตัวแทนของคุณได้รับสลิปแล้วเช่นกัน
pay-check-why-amount-mismatch = ยอดที่โอนไม่ใช่ { $amount }
pay-check-why-payee-mismatch = เงินโอนไปบัญชีอื่นที่ไม่ใช่บัญชีใน QR
pay-check-why-duplicate = การโอนนี้ถูกใช้ชำระเงินไปแล้ว
pay-check-why-not-a-slip = รูปนี้ไม่ใช่สลิปการโอน (ไม่มี QR ของสลิป)
pay-check-why-no-such-transfer = ธนาคารไม่พบการโอนนี้
pay-check-why-too-old = การโอนนี้ทำก่อนที่จะมีการขอชำระเงินสำหรับการจองนี้
pay-card-check-verified = ✅ ระบบตรวจสลิป ({ $provider }) ยืนยันแล้ว: จองแล้ว { $code } ไม่ต้องกดยืนยัน
pay-card-check-refused = ⛔ ระบบตรวจสลิป ({ $provider }) ปฏิเสธ: { $why } แจ้งลูกค้าแล้ว
pay-card-check-undecided = ❔ ระบบตรวจสลิป ({ $provider }) ตัดสินไม่ได้ ({ $why }): โปรดตรวจการโอนเอง
pay-card-check-not-booked = ⚠️ ระบบตรวจสลิป ({ $provider }) ยืนยันการโอนแล้ว แต่ยังไม่ได้จอง: ดูด้านล่าง
pay-card-check-retrying = ⏳ ธนาคารยังไม่ยืนยันการโอน ระบบตรวจสลิป ({ $provider }) จะถามอีกครั้งเองในอีกประมาณ { $minutes } นาที ระหว่างนี้คุณตรวจเองได้
pay-check-retry-result = 🧾 สลิปของ { $customer } (<code>{ $reference }</code>) ตรวจอีกครั้ง: { $line }
pay-slip-too-large = 📎 รูปนี้ใหญ่เกินกว่าจะอ่าน QR โค้ดได้อัตโนมัติ ตัวแทนจะตรวจสลิปด้วยตนเอง ครั้งต่อไปโปรดส่งภาพหน้าจอสลิปหรือรูปที่เล็กลง
pay-slip-limit = 📎 ตัวแทนได้รับสลิปของการชำระเงินนี้ครบแล้ว (ไม่เกิน { $limit } ใบ) สลิปนี้จึงไม่ได้ส่งต่อ โปรดรอตัวแทนตรวจการชำระเงิน หากมีปัญหาหรือตัวแทนขอสลิปใหม่ โปรดติดต่อตัวแทนของคุณโดยตรง
pay-not-yours = ปุ่มนี้ไม่ใช่ของคุณ
pay-card-decided = ตัดสินไปแล้ว: { $state } (โดย { $by })
pay-card-rejected = ✖ { $who } บันทึกว่ายังไม่ได้รับเงิน แจ้งลูกค้าแล้ว การกันเวลายังอยู่จนหมดเวลา
pay-rejected-customer = ⚠️ ตัวแทนยังไม่ได้รับเงิน { $amount } (อ้างอิง <code>{ $reference }</code>) ถ้าคุณโอนแล้ว โปรดส่งสลิปอีกครั้งหรือติดต่อตัวแทน
pay-card-expired = ⚠️ การกันเวลาสิ้นสุดแล้ว ไม่มีการจองหรือตัดเงิน โปรดคืน { $amount } ให้ลูกค้าถ้าได้รับเงินแล้ว
pay-expired-customer = ⚠️ การกันเวลาออกรอบของคุณสิ้นสุดก่อนยืนยันการชำระเงิน จึงจองไม่ได้ ตัวแทนจะคืนเงินหรือจองใหม่กับคุณ
pay-card-request-paid = ✅ { $who } บันทึกว่าชำระแล้ว
pay-card-paid = ✅ { $who } อนุมัติแล้ว: ยืนยันกับพาร์ทเนอร์แล้ว รหัส <code>{ $code }</code> ลูกค้าได้รับใบยืนยันแล้ว
pay-card-confirm-failed = ⚠️ อนุมัติแล้ว แต่พาร์ทเนอร์ไม่ยืนยัน: { $reason } ระบบจะลองใหม่ทุกนาทีจนถึงเวลาที่การจองชั่วคราวสิ้นสุด { $time } หรือกด “ได้รับเงินแล้ว — ยืนยัน” เพื่อลองทันที
pay-cancel-checking = ตัวแทนกำลังตรวจสลิปของคุณ โปรดขอให้ตัวแทนยกเลิก
pay-cancelled = ✖ ยกเลิกแล้ว: ปล่อยเวลาออกรอบและไม่มีการตัดเงิน
pay-cancelled-group = ✖ ยกเลิกแล้ว: ปล่อยเวลาออกรอบทั้งหมดของกลุ่มและไม่มีการตัดเงิน
pay-group-line = ⛳ { $course } · { $date } { $times } · ผู้เล่น { $players } คน { $flights } เวลาออกรอบ
pay-card-group-paid = ✅ { $who } อนุมัติแล้ว: ยืนยันกับพาร์ทเนอร์ครบทั้ง { $flights } เวลาออกรอบ ลูกค้าได้รับใบยืนยันแล้ว
pay-card-group-partial = ⚠️ { $who } อนุมัติแล้ว แต่การยืนยันกับพาร์ทเนอร์หยุดกลางคัน: จองได้ { $paid } จาก { $flights } เวลาออกรอบ ที่เหลือถูกปล่อยแล้ว แจ้งลูกค้าแล้วว่าเวลาใดจองได้ โปรดคืนเงิน { $give } (เวลาออกรอบที่จองไม่ได้) ให้ลูกค้า
pay-card-group-busy = อนุมัติไปแล้ว: กำลังยืนยันกลุ่มนี้กับพาร์ทเนอร์
pay-expired-slip-customer = การชำระเงิน { $amount } ของคุณ (อ้างอิง <code>{ $reference }</code>) ถึงตัวแทนแล้ว แต่ไม่ได้รับการอนุมัติก่อนการกันเวลาสิ้นสุดเมื่อ { $time } น. จึงไม่ได้จอง ตัวแทนจะคืนเงินให้คุณ
pay-no-promptpay = ยังไม่ได้ตั้งพร้อมเพย์ ใช้ /promptpay เพื่อตั้งของคุณ
pay-staff-only = คำสั่งนี้สำหรับตัวแทนและผู้ดูแลระบบ
pay-list-empty = ไม่มีการชำระเงินที่รอตรวจ
pay-list-title = การชำระเงินที่รอตรวจ
pay-list-row = <code>{ $reference }</code> · { $customer } · { $amount } · { $state } · กันไว้ถึง { $hold }
pay-state-pending = ยังไม่แสดง QR
pay-state-awaiting = รอสลิป
pay-state-submitted = ได้รับสลิปแล้ว
pay-state-approved = อนุมัติแล้ว
pay-state-rejected = ยังไม่ได้รับเงิน
pay-state-expired = หมดเวลา
pay-state-cancelled = ยกเลิกแล้ว
pay-state-to-return = อนุมัติแล้วแต่จองไม่สำเร็จ: ต้องคืนเงิน
pay-state-returned = คืนเงินแล้ว
pay-promptpay-own = ลูกค้าของคุณโอนเข้าพร้อมเพย์ของคุณ <code>{ $id }</code> ใช้ <code>/promptpay off</code> เพื่อกลับไปใช้ของเอเจนซี
pay-promptpay-agency = ลูกค้าของคุณโอนเข้าพร้อมเพย์ของเอเจนซี <code>{ $id }</code> ตั้งของคุณเองด้วย <code>/promptpay 0812345678</code>
pay-promptpay-none = ยังไม่ได้ตั้งพร้อมเพย์ การจองของลูกค้าจะยืนยันทันที ตั้งของคุณด้วย <code>/promptpay 0812345678</code>
pay-promptpay-cleared = ลบพร้อมเพย์ของคุณแล้ว
pay-promptpay-invalid = นี่ไม่ใช่พร้อมเพย์: เบอร์มือถือไทย (<code>0812345678</code>) เลขบัตรประชาชนหรือเลขผู้เสียภาษี 13 หลัก หรือ e-wallet 15 หลัก
pay-refund-advice = ลูกค้าจ่าย { $paid } พาร์ทเนอร์คืนเครดิต { $credited } โปรดคืน { $give } ให้ลูกค้า (fairway ไม่ได้โอนเงินของลูกค้าเอง)
pay-refund-agent = คืนเงินการชำระของ { $customer } (อ้างอิง <code>{ $reference }</code>) แล้ว: ลูกค้าจ่าย { $paid } พาร์ทเนอร์คืนเครดิต { $credited } โปรดคืน { $give } ให้ลูกค้า (fairway ไม่ได้โอนเงินของลูกค้าเอง)
pay-expired-with-slip = การกันเวลาของการจองของ { $customer } สิ้นสุดก่อนอนุมัติการชำระเงิน และสลิปมาถึงแล้ว: ไม่มีการจอง โปรดคืน { $amount } (อ้างอิง <code>{ $reference }</code>) ให้ลูกค้าถ้าได้รับเงินแล้ว
pay-approved-not-booked = ⚠️ อนุมัติการชำระเงินของ { $customer } แล้ว แต่ระบบของคู่ค้ายืนยันไม่สำเร็จก่อนหมดเวลากัน จึงไม่มีการจอง กรุณาคืนเงิน { $amount } (อ้างอิง <code>{ $reference }</code>) ให้ลูกค้า แล้วกดว่าคืนแล้วใน /payments
pay-approved-not-booked-customer = ⚠️ การชำระเงิน { $amount } ของคุณ (อ้างอิง <code>{ $reference }</code>) ได้รับอนุมัติแล้ว แต่ยืนยันรอบเวลากับระบบของสนามไม่สำเร็จก่อนหมดเวลากัน จึงไม่มีการจอง ตัวแทนของคุณจะคืนเงินให้
pay-btn-returned = ✓ คืนแล้ว { $reference }
pay-returned-done = ✓ บันทึกว่าคืนเงินแล้ว: { $amount } (อ้างอิง <code>{ $reference }</code>) ให้ { $customer } โดย { $who }
pay-returned-already = บันทึกว่าคืนเงินแล้วก่อนหน้านี้
pay-list-to-return = เงินที่ต้องคืน: กดปุ่มเมื่อลูกค้าได้รับเงินคืนแล้ว
pay-list-more = … และอีก { $count } รายการ จะแสดงเมื่อรายการข้างบนได้รับการตัดสินแล้ว
pay-owed-row = <code>{ $reference }</code> · { $customer } · { $amount } · { $why }
pay-owed-stranded = ย้ายแล้วแต่จองเวลาใหม่ไม่สำเร็จ: ต้องคืนเงินที่ลูกค้าจ่าย
pay-owed-difference = ย้ายไปเวลาที่ถูกกว่า: ต้องคืนส่วนต่าง
pay-owed-refund = คืนเงินการจองแล้ว: ต้องคืนส่วนของลูกค้า
pay-owed-trip = ยกเลิกทริปแล้ว: คืนตามอัตราการคืนเงินของทริป
pay-owed-outside = (ชำระนอก fairway: ตรวจสอบกับตัวแทน)
pay-cancel-refused-paid = การชำระเงินของคุณได้รับอนุมัติและการจองยืนยันแล้ว (รหัส { $code }) จึงยกเลิกที่นี่ไม่ได้ หากต้องการยกเลิก ใช้ /mybookings
pay-cancel-refused-approved = การชำระเงินของคุณได้รับอนุมัติแล้ว และกำลังยืนยันการจอง จึงยกเลิกที่นี่ไม่ได้ ตัวแทนของคุณจะแจ้งผล
pay-cancel-refused-to-return = การชำระเงินของคุณได้รับอนุมัติแล้ว แต่จองไม่สำเร็จ ตัวแทนของคุณจะคืนเงินให้
pay-cancel-refused-ended = การชำระเงินนี้สิ้นสุดแล้ว ไม่มีรอบเวลาที่กันไว้อีก
pay-report-margin = ลูกค้าจ่าย { $selling } · กำไร <b>{ $margin }</b>
pay-digest-margin = กำไรจากการจองเหล่านี้: { $margin }
pay-link-pay-first = 💳 ลูกค้าจากลิงก์นี้ชำระก่อนด้วยพร้อมเพย์ การจองยืนยันเมื่อคุณอนุมัติสลิป
pay-link-at-once = ⚡ ลูกค้าจากลิงก์นี้ได้รับการยืนยันทันที ชำระจากเครดิตพาร์ทเนอร์
pay-link-btn-at-once = ⚡ ยืนยันทันทีแทน
pay-link-btn-pay-first = 💳 ให้ชำระก่อนแทน

## Staff prices: what the customer pays, with the net beside it when a markup applies
price-with-net = { $price } · ทุน { $net }
price-net-hint = ราคาคือที่ลูกค้าจ่าย ราคาทุนอยู่ในวงเล็บ
find-net = · ทุน { $net }

## Sandbox demo (ALLOW_SANDBOX_WITH_REAL_BOT=1): the first line of every message
sandbox-mark = 🧪 แซนด์บ็อกซ์ — ไม่ใช่การจองจริง

## Moving a paid booking to another tee time (/move; agents and admins)
cmd-move = ย้ายการจองไปเวลาอื่น
move-usage = ย้ายการจองที่ชำระแล้ว: <code>/move รหัส YYYY-MM-DD HH:MM [จำนวนผู้เล่น]</code> — เวลาใหม่ในสนามเดิม ตามเวลาของสนาม ระบบจะกันเวลาใหม่ไว้ทันที และคืนเงินการจองเดิมหลังได้รับอนุมัติเท่านั้น
move-not-yours = การย้ายการจองนี้ทำได้โดยผู้จอง ตัวแทนของการจอง และผู้ดูแลระบบเท่านั้น
move-not-found = ไม่พบการจองของคุณที่มีรหัส { $code }
move-not-paid = การจอง { $code } ยังไม่ได้ชำระ: ย้ายได้เฉพาะการจองที่ชำระแล้ว
move-open = การจอง { $code } มีคำขอย้ายที่รออยู่แล้ว กรุณาอนุมัติ ปฏิเสธ หรือรอให้หมดเวลาก่อน
move-cancel-requested = คำขอยกเลิกการจอง { $code } กำลังรอผู้ดูแลระบบ จะย้ายไม่ได้จนกว่าจะมีการตัดสิน
move-started = ทีไทม์ของการจอง { $code } เริ่มแล้ว รอบที่เริ่มเล่นแล้วย้ายไม่ได้
move-no-slot = เวลานั้นไม่ว่าง (หรือรับผู้เล่นจำนวนนั้นไม่ได้) ดูเวลาที่ว่างได้ที่ /book
move-title = 🔁 ย้าย { $code } · { $customer }
move-old = เดิม:
move-new = ใหม่:
move-tee-time = { $date } { $time } · { $players } คน · { $amount }
move-same-price = ราคาเท่าเดิม
move-costs-more = เวลาใหม่แพงขึ้น { $amount }
move-costs-less = เวลาใหม่ถูกลง { $amount }: ส่วนนี้ต้องคืนให้ลูกค้า
move-refund-policy = การจองเดิมจะได้รับเงินคืนตามเงื่อนไขสัญญาของคู่ค้า ยอดที่ได้คืนอาจน้อยกว่ายอดที่ชำระ
move-held-until = กันเวลาใหม่ไว้ถึง { $time } ({ $minutes } นาที)
move-btn-now = ✅ ย้ายเลย
move-btn-keep = ✖️ คงการจองเดิม
move-btn-approve = ✅ อนุมัติการย้าย
move-btn-decline = ✖️ ปฏิเสธ
move-sent-to-admins = ส่งให้ผู้ดูแลระบบอนุมัติแล้ว
move-request-title = ตัวแทนขอย้ายการจอง:
move-working = กำลังย้าย…
move-done = 🔁 ย้ายแล้ว: คืนเงิน { $code } แล้ว (ได้คืน { $refunded }) และชำระเวลาใหม่ { $newCode } แล้ว ({ $paid }): { $course } วันที่ { $date } เวลา { $time } { $players } คน
move-unwound = คู่ค้าปฏิเสธการคืนเงินของ { $code }: การจองยังคงเดิม และปล่อยเวลาใหม่แล้ว
move-retrying = คืนเงิน { $code } แล้ว แต่ยังชำระเวลาใหม่ { $newCode } ไม่สำเร็จ ระบบจะลองอีกครั้งระหว่างที่ยังกันเวลาไว้
move-stranded = ⚠️ คืนเงิน { $code } แล้ว (ได้คืน { $refunded }) แต่จองเวลาใหม่ไม่สำเร็จก่อนหมดเวลากัน: ตอนนี้ไม่มีการจอง กรุณาจองใหม่ หรือคืนเงินให้ลูกค้า
move-pending = ยังไม่ได้รับคำตอบของคู่ค้าเรื่อง { $code } ระบบจะตรวจอีกครั้งและย้ายให้เสร็จ
move-abandoned = ยกเลิกการย้าย { $code } แล้ว: การจองยังคงเดิม และปล่อยเวลาใหม่แล้ว
move-decided = การย้าย { $code } ได้รับการตัดสินไปแล้ว
move-too-late = การย้าย { $code } ถูกยกเลิก เพราะทีไทม์เริ่มก่อนได้รับอนุมัติ ไม่มีการคืนเงิน และปล่อยทีไทม์ใหม่แล้ว
move-not-held = กันเวลาใหม่ไม่ได้: ไม่มีอะไรเปลี่ยน
move-held = กันเวลาใหม่สำหรับ { $code } แล้ว
move-unpaid = ลูกค้ายังไม่ได้ชำระส่วนต่างสำหรับการย้าย { $code } (หรือยังไม่ได้รับการอนุมัติ): ยังไม่ได้ดำเนินการใด ๆ คำขอย้ายจะส่งถึงผู้ดูแลระบบเมื่อการชำระเงินได้รับการอนุมัติ
move-difference-paid = ✅ ลูกค้าชำระส่วนต่างแล้ว: { $amount } (อ้างอิง <code>{ $reference }</code>) หากปฏิเสธ ต้องคืนเงินนี้ให้ลูกค้า
move-pay-to-return = 💸 ลูกค้าชำระส่วนต่าง { $amount } แล้ว (อ้างอิง <code>{ $reference }</code>): กรุณาคืนเงินให้ลูกค้า แล้วบันทึกว่าคืนแล้วใน /payments
move-done-return = 💸 เวลาใหม่ราคาขายถูกลง { $amount }: กรุณาคืนส่วนนี้ให้ลูกค้า (พาร์ทเนอร์คืนเครดิต { $refunded } สำหรับการจองเดิม)
pay-card-move-approved = ✅ { $who } อนุมัติแล้ว: คำขอย้ายจะถูกส่งให้ผู้ดูแลระบบอนุมัติ
pay-slip-asked-move = ยอดที่ขอ { $amount } (อ้างอิง <code>{ $reference }</code>): ส่วนต่างสำหรับการย้ายการจองมาเวลานี้

## Charts: /report's picture and the digest's (src/reports/charts/)
chart-title = ยอดขาย { $from } – { $to }
chart-totals = ชำระแล้ว { $teeTimes } รอบ · ลูกค้าจ่าย { $selling } · กำไร { $margin }
chart-selling = ยอดขาย
chart-margin = กำไร
chart-tee-times = จำนวนรอบ
chart-courses = สนามตามยอดขาย
chart-agents = เอเจนต์ตามยอดขาย
chart-unpaid-holds = การจองที่หมดเวลาโดยไม่ชำระ: { $count }
chart-more = และอีก { $count }
chart-caption = { $grain ->
    [day] ยอดขายรายวัน
    [week] ยอดขายรายสัปดาห์
   *[month] ยอดขายรายเดือน
  }: แท่งคือยอดขายและกำไร เส้นคือจำนวนรอบที่ชำระแล้ว
chart-empty = ไม่มีกราฟ: ช่วงนี้ไม่มีรอบที่ชำระและไม่มีการจองที่หมดเวลา

## E-voucher (src/vouchers/): the image sent with a receipt and the page its QR opens

voucher-title = บัตรยืนยันการจอง
voucher-date = วันที่
voucher-time = เวลาออกรอบ
voucher-players = ผู้เล่น
voucher-players-count = { $players } คน
voucher-lead = ผู้เล่นหลัก
voucher-code = รหัสการจอง
voucher-flights = เวลาออกรอบ
voucher-flight = { $time } · { $players } คน · { $code }
voucher-money = การชำระเงิน
voucher-scan = สแกนเพื่อตรวจสอบบัตรนี้
voucher-agency = จองผ่าน { $agency }: { $contact }
voucher-caption = 🎫 บัตรยืนยันการจองของคุณที่ { $course }: ส่งต่อให้ผู้เล่นได้เลย สแกน QR เพื่อดูว่ายังใช้ได้หรือไม่
voucher-check-title = ตรวจสอบบัตรยืนยันการจอง
voucher-check-valid = ใช้ได้
voucher-check-valid-detail = เวลาออกรอบนี้ชำระเงินและจองแล้ว
voucher-check-void = ยกเลิกแล้ว
voucher-check-void-detail = การจองนี้ถูกยกเลิก บัตรนี้ใช้ไม่ได้แล้ว
voucher-check-moved = ย้ายแล้ว
voucher-check-moved-detail = การจองนี้ย้ายไปเวลาอื่นแล้ว บัตรนี้ใช้ไม่ได้แล้ว กรุณาขอบัตรใบใหม่จากผู้จอง
voucher-check-pending = ยังไม่ยืนยัน
voucher-check-pending-detail = การจองนี้ยังไม่ได้ยืนยัน กรุณาติดต่อเอเจนซี่
voucher-check-partial = ใช้ได้บางส่วน
voucher-check-partial-detail = บางเวลาออกรอบถูกยกเลิก ใช้ได้เฉพาะที่ระบุว่าใช้ได้
voucher-check-flight-valid = ใช้ได้
voucher-check-flight-void = ยกเลิกแล้ว

## Moving a booking: what its customer hears, and the new calendar file
move-customer-done = 🔁 ย้ายเวลาออกรอบของคุณแล้ว: { $course } วันที่ { $date } เวลา { $time } { $players } ท่าน — รหัสการจอง { $newCode } บัตรยืนยันการจองและไฟล์ปฏิทินฉบับใหม่จะตามมา ฉบับเดิมใช้ไม่ได้แล้ว
move-customer-kept = การเปลี่ยนเวลาออกรอบ { $code } ไม่ได้เกิดขึ้น: การจองของคุณยังเหมือนเดิม
move-customer-stranded = ⚠️ ยกเลิกเวลาออกรอบ { $code } แล้ว แต่จองเวลาใหม่ไม่สำเร็จ ตัวแทนของคุณจะติดต่อกลับเพื่อจองใหม่หรือคืนเงินให้คุณ
move-ics-caption = 📅 เวลาออกรอบใหม่สำหรับปฏิทินของคุณ: แทนที่นัดเดิม
btn-move = 🔁 ย้ายไปเวลาอื่น
move-pick-date = 🔁 ย้าย { $code } · { $course }: เลือกวันใหม่
move-pick-time = 🔁 ย้าย { $code } · { $course } วันที่ { $date }: เลือกเวลาออกรอบใหม่
move-pick-none = ไม่มีเวลาว่างวันที่ { $date } ที่สนามของ { $code } กรุณาเลือกวันอื่น
move-pick-players = 🔁 ย้าย { $code } · { $course } วันที่ { $date } เวลา { $time } จำนวนผู้เล่น (ตอนนี้ { $was } คน):
move-btn-hold = 🔁 กันเวลานี้ไว้
move-slot-gone = เวลานั้นเพิ่งถูกจองหรือปิดไปแล้ว กรุณาเลือกเวลาอื่น
move-btn-course = ⛳ สนามอื่น
move-pick-course = 🔁 ย้าย { $code }: เลือกสนาม
move-course-gone = เลือกสนามนั้นไม่ได้ในตอนนี้ กรุณาเลือกสนามอื่น
move-tee-time-course = { $course } · { $date } { $time } · { $players } คน · { $amount }
move-holding = กำลังกันเวลาใหม่…
move-customer-dearer = เวลานั้นแพงกว่าการจองของคุณ หากต้องการย้าย กรุณาติดต่อตัวแทนของคุณเพื่อจัดการส่วนต่าง
move-customer-costs-less = เวลาใหม่ถูกลง { $amount }: ตัวแทนของคุณจะคืนส่วนต่างให้
move-request-title-customer = ลูกค้าขอย้ายการจอง:
move-customer-pay = หากต้องการย้าย กรุณาชำระส่วนต่างผ่านพร้อมเพย์ด้วย QR ด้านล่าง
move-pay-send-slip = จากนั้นส่งรูปสลิปการโอนมาที่นี่ เมื่อตัวแทนของคุณตรวจสอบแล้ว คำขอย้ายจะถูกส่งให้ผู้ดูแลระบบอนุมัติ
move-customer-paid = ✅ ได้รับการชำระเงิน { $amount } สำหรับการย้าย { $code } แล้ว ขณะนี้การย้ายรอการอนุมัติจากผู้ดูแลระบบ
move-customer-pay-return = ตัวแทนของคุณจะคืนเงิน { $amount } ที่คุณชำระเป็นส่วนต่างให้
moverule-usage = <code>/moverule free</code> ให้ตัวแทนย้ายการจองของตนเองได้โดยไม่ต้องอนุมัติ <code>/moverule approval</code> ส่งการย้ายของตัวแทนทุกครั้งให้ผู้ดูแลระบบอนุมัติ (ค่าเริ่มต้น)
moverule-free = ตัวแทนย้ายการจองของตนเองได้โดยไม่ต้องอนุมัติ
moverule-approval = การย้ายของตัวแทนต้องรอผู้ดูแลระบบอนุมัติ
cmd-moverule = การย้ายของตัวแทนต้องอนุมัติหรือไม่
digest-moves = ย้ายไปเวลาอื่น: สำเร็จ { $done } รายการ (ได้คืนสำหรับการจองเดิม { $refunded }){ $unwound ->
    [0] {""}
   *[other] , ย้อนกลับ { $unwound } รายการ (คู่ค้าปฏิเสธการคืนเงิน)
  }{ $stranded ->
    [0] {""}
   *[other] , ⚠️ คืนเงินแล้วแต่ไม่ได้เวลาใหม่ { $stranded } รายการ
  }

# Trips: a round booked when its day goes on sale
trip-opened-booked = 🗓 ทริปของ { $lead }: รอบที่ { $course } วันที่ { $date } เปิดขายแล้วและจองได้เวลา { $time } น. (เสนอไว้ { $quoted } น.) ผู้เล่น { $players } คน ราคาทุน { $net }
trip-opened-failed = ⚠️ ทริปของ { $lead }: รอบที่ { $course } วันที่ { $date } เปิดขายแล้ว แต่จองเวลา { $time } น. ไม่สำเร็จ ({ $detail }) กรุณาเลือกเวลาอื่นให้รอบนี้
trip-opened-over-price = ⚠️ ทริปของ { $lead }: รอบที่ { $course } วันที่ { $date } เปิดขายแล้ว แต่ทุกเวลาภายในหนึ่งชั่วโมงจาก { $quoted } น. สำหรับผู้เล่น { $players } คน ราคาสูงกว่า { $limit } เวลาที่ใกล้ที่สุด:
    { $nearest }
trip-opened-no-tee-time = ⚠️ ทริปของ { $lead }: รอบที่ { $course } วันที่ { $date } เปิดขายแล้ว แต่ไม่มีเวลาว่างสำหรับผู้เล่น { $players } คนภายในหนึ่งชั่วโมงจาก { $quoted } น. เวลาที่ใกล้ที่สุด:
    { $nearest }
trip-opened-nothing = วันนั้นไม่มีเวลาว่าง
trip-opened-customer = ⛳ รอบของคุณที่ { $course } วันที่ { $date } จองแล้ว: เวลา { $time } น. ผู้เล่น { $players } คน บัตรยืนยันจะส่งตามมา
trip-ics-round = ⛳ { $course } — รอบที่ { $n } จาก { $rounds }
trip-ics-booked = จองแล้ว ผู้เล่น { $players } คน
trip-ics-quoted = วางแผนไว้สำหรับผู้เล่น { $players } คน: เวลาออกรอบจะยืนยันเมื่อวันนี้เปิดขาย (35 วันก่อน)
trip-ics-cancelled = ยกเลิกแล้ว
trip-ics-lines = รายการอื่นในทริปของคุณ:
    { $lines }
trip-overdue-deposit = ⏰ ทริปของ { $lead } ({ $reference }): เงินมัดจำ { $amount } ครบกำหนดวันที่ { $due } แต่ยังไม่ได้ชำระ ยังไม่มีการปล่อยการจองใด ๆ กรุณาเตือนลูกค้า หรือให้ผู้ดูแลระบบยกเลิกทริป
trip-overdue-balance = ⏰ ทริปของ { $lead } ({ $reference }): ยอดคงเหลือ { $amount } ครบกำหนดวันที่ { $due } แต่ยังไม่ได้ชำระ รอบที่จองไว้ยังคงอยู่ กรุณาเตือนลูกค้า หรือให้ผู้ดูแลระบบยกเลิกทริปตามอัตราคืนเงิน
trip-balance-soon = 🔔 ยอดคงเหลือของทริป { $amount } ครบกำหนดวันที่ { $due } (อ้างอิง { $reference }) ชำระผ่านพร้อมเพย์แล้วส่งสลิปที่นี่ หรือติดต่อตัวแทนของคุณ
trip-balance-today = 🔔 ยอดคงเหลือของทริป { $amount } ครบกำหนดวันนี้ { $due } (อ้างอิง { $reference }) ชำระผ่านพร้อมเพย์แล้วส่งสลิปที่นี่ หรือติดต่อตัวแทนของคุณ
trip-itinerary-title = กำหนดการทริป
trip-itinerary-party = { $lead } · นักกอล์ฟ { $players } คน
trip-itinerary-booked = จองแล้ว · ผู้เล่น { $players } คน
trip-itinerary-planned = วางแผนไว้ · เวลาออกรอบยืนยันเมื่อวันนั้นเปิดขาย
trip-itinerary-cancelled = ยกเลิกแล้ว
trip-itinerary-lines = รวมในทริปด้วย
trip-itinerary-caption = 🗺 กำหนดการทริปของคุณ: ส่งต่อให้คณะของคุณได้ บัตรยืนยันของแต่ละรอบจะส่งตามมาเมื่อจองแล้ว
# trips
cmd-trips = ทริปของคุณ: หลายรอบสำหรับคณะเดียว
trips-none = ยังไม่มีทริป
trips-title = <b>ทริป</b> ({ $count })
trips-row = { $state } · <b>{ $lead }</b> · { $dates }
    รวม { $total } · ชำระแล้ว { $paid } · ค้างชำระ { $due }
trip-state = { $state ->
    [draft] ฉบับร่าง
    [quoted] ส่งให้ลูกค้าแล้ว
    [accepted] ลูกค้ายอมรับแล้ว รอมัดจำ
    [deposit_paid] ชำระมัดจำแล้ว
    [paid] ชำระครบแล้ว
    [completed] เสร็จสิ้น
    [cancelled] ยกเลิกแล้ว
   *[other] { $state }
  }
trip-staff-title = <b>ทริปของ { $lead }</b> · { $state }
trip-rounds-title = <b>รอบตีกอล์ฟ</b>
trip-round-staff = { $n }. { $date } { $time } · { $course } · { $players } คน · { $price } (ต้นทุน { $net }) · { $state }
trip-round-state = { $state ->
    [planned] วางแผนไว้
    [waiting_for_sale] รอวันเปิดขาย
    [booking] กำลังจอง
    [booked] จองแล้ว
    [failed] จองไม่สำเร็จ
    [cancelled] ยกเลิกแล้ว
    [course_ended] สนามยกเลิก
   *[other] { $state }
  }
trip-roster-title = <b>ผู้เล่น</b>
trip-player = { $n }. { $name } · แฮนดิแคป { $hcp }
trip-lines-title = <b>รายการอื่น</b>
trip-line = { $description } · { $price }
trip-instalments-title = <b>การชำระเงิน</b>
trip-no-instalments = มัดจำและยอดคงเหลือจะกำหนดเมื่อลูกค้ายอมรับ
trip-instalment = { $kind ->
    [deposit] มัดจำ
   *[other] ยอดคงเหลือ
  } { $amount } ครบกำหนด { $due } · { $state ->
    [due] ยังไม่ชำระ
    [submitted] ส่งสลิปแล้ว
    [approved] ชำระแล้ว
    [rejected] สลิปถูกปฏิเสธ
   *[other] ยกเลิกแล้ว
  }
trip-totals = รวม { $total } · ชำระแล้ว { $paid } · ค้างชำระ { $due }
trip-btn-share = 📤 ส่งให้ลูกค้า
trip-btn-list = « ทริป
trip-shared = ส่งลิงก์นี้ให้ { $lead }: ลูกค้าเปิดดูใบเสนอราคาและกดยอมรับได้ที่นั่น ลิงก์นี้ใช้ได้กับลูกค้าหนึ่งคน
    { $url }
trip-not-open = ส่งทริปนี้ไม่ได้แล้ว: ลูกค้ายอมรับแล้วหรือทริปถูกยกเลิก
trip-not-found = เปิดทริปนี้ที่นี่ไม่ได้
trip-only = ลิงก์ของคุณใช้ได้กับทริปเดียวเท่านั้น: ดูได้ที่ /trips
hold-refused-trip-only = ลิงก์ของคุณใช้ได้กับทริปเดียวเท่านั้น: ตัวแทนของคุณจะจองรอบต่างๆ ให้
trip-quote-title = ⛳ <b>ทริปกอล์ฟของคุณ</b> · { $lead } · นักกอล์ฟ { $players } คน
trip-quote-round = { $date } { $time } · { $course } · { $players } คน · { $price }
trip-quote-total = <b>รวม: { $total }</b>
trip-quote-schedule = มัดจำ { $deposit } เมื่อยอมรับ; ยอดคงเหลือ { $balance } ภายใน { $due }
trip-quote-pay-all = ชำระเต็มจำนวน { $total } เมื่อยอมรับ
trip-quote-ladder-title = <b>หากยกเลิก</b>
trip-quote-ladder-step = { $days } วันขึ้นไปก่อนรอบแรก: คืนเงิน { $percent }% ของราคาทริป
trip-quote-ladder-rest = หลังจากนั้น: ไม่คืนเงิน
trip-quote-state = { $state ->
    [accepted] ✅ คุณยอมรับทริปนี้แล้ว รอชำระมัดจำ
    [deposit_paid] ✅ ได้รับมัดจำแล้ว
    [paid] ✅ ชำระครบแล้ว
    [completed] เสร็จสิ้นแล้ว
    [cancelled] ทริปนี้ถูกยกเลิกแล้ว
   *[other] ใบเสนอราคานี้ยังไม่เปิดให้ยอมรับ
  }
trip-btn-accept = ✅ ยอมรับทริปนี้
trip-accepted = ขอบคุณ ทริปนี้เป็นของคุณแล้ว มัดจำ { $amount } ครบกำหนดวันนี้
trip-pay-agent-tells = ตัวแทนของคุณจะแจ้งวิธีชำระเงิน
trip-pay-what = { $kind ->
    [deposit] มัดจำทริปกอล์ฟของคุณ
   *[other] ยอดคงเหลือทริปกอล์ฟของคุณ ครบกำหนด { $due }
  }
trip-pay-send-slip = จากนั้นส่งรูปสลิปการโอนมาที่นี่ ตัวแทนของคุณจะตรวจสอบและยืนยัน
trip-slip-received = 🧾 ขอบคุณ สลิปของคุณ ({ $amount }) ส่งถึงตัวแทนแล้ว ตัวแทนจะยืนยันการชำระเงิน
trip-slip-rejected = ตัวแทนของคุณไม่พบยอดชำระ { $amount } กรุณาตรวจสอบและส่งสลิปอีกครั้ง หรือติดต่อตัวแทน
trip-deposit-approved = ✅ ได้รับมัดจำ { $amount } แล้ว กำลังจองรอบตีกอล์ฟของคุณ
trip-balance-approved = ✅ ได้รับยอดคงเหลือ { $amount } แล้ว ทริปของคุณชำระครบแล้ว
trip-slip-card = 🧾 สลิปทริป · { $lead } · { $kind ->
    [deposit] มัดจำ
   *[other] ยอดคงเหลือ
  } { $amount } · อ้างอิง <code>{ $reference }</code>
trip-btn-paid = ✅ ได้รับเงินแล้ว — ยืนยัน
trip-btn-not-received = ❌ ไม่ได้รับเงิน
trip-decided-approved = ✅ อนุมัติแล้ว: จองแล้ว { $booked } รอบ, รอวันเปิดขาย { $waiting } รอบ, จองไม่สำเร็จ { $failed } รอบ
trip-decided-rejected = ❌ ไม่ได้รับเงิน: แจ้งลูกค้าให้ตรวจสอบและส่งสลิปอีกครั้งแล้ว
trip-decided-already = การชำระเงินนี้ตัดสินไปแล้ว
trip-btn-new = ➕ สร้างทริปใหม่
tripnew-text-please = กรุณาตอบเป็นข้อความ (หรือ /cancel เพื่อหยุดสร้างทริป)
tripnew-tap-please = กรุณากดปุ่มใดปุ่มหนึ่ง (หรือ /cancel)
tripnew-lead = 🧳 ทริปใหม่ ชื่อ-นามสกุลของลูกค้าหลัก (ใช้ทำการจองกับพาร์ทเนอร์):
tripnew-bad-name = กรุณาใส่ชื่อ 1 ถึง 128 ตัวอักษร
tripnew-language = ภาษาที่ลูกค้าจะอ่านใบเสนอราคา:
tripnew-lang-en = English
tripnew-lang-th = ไทย
tripnew-lang-ko = 한국어
tripnew-lang-ja = 日本語
tripnew-lang-zh = 中文
tripnew-email = อีเมลของลูกค้าหลัก:
tripnew-bad-email = ไม่ใช่อีเมล กรุณาใส่อีกครั้ง:
tripnew-mobile = เบอร์มือถือของลูกค้าหลัก (ตัวเลข อาจขึ้นต้นด้วย +):
tripnew-bad-mobile = กรุณาใส่เบอร์มือถือ 6 ถึง 15 หลัก
tripnew-roster = รายชื่อผู้เล่น บรรทัดละคน: <code>ชื่อ, แฮนดิแคป</code> (ไม่ใส่แฮนดิแคปก็ได้) ลูกค้าหลักเป็นคนแรก
tripnew-bad-roster = บรรทัดที่ { $line } ไม่ตรงรูปแบบ <code>ชื่อ, แฮนดิแคป</code> (แฮนดิแคป -10 ถึง 54) กรุณาส่งรายชื่อทั้งหมดอีกครั้ง
tripnew-no-courses = ขณะนี้อ่านรายชื่อสนามจากพาร์ทเนอร์ไม่ได้ ลองใหม่ภายหลัง
tripnew-course = รอบที่ { $n }: เลือกสนาม
tripnew-date = { $course }: วันที่ในรูปแบบ <code>YYYY-MM-DD</code> (หลังวันนี้)
tripnew-bad-date = กรุณาใส่วันหลังวันนี้ในรูปแบบ <code>YYYY-MM-DD</code>
tripnew-no-tee-times = ไม่มีเวลาออกรอบว่างสำหรับ { $players } คนในวันที่ { $date } ที่สนามนี้ กรุณาเลือกสนามอีกครั้ง
tripnew-tee-time = เลือกเวลาออกรอบ (สำหรับ { $players } คน ราคาสำหรับลูกค้า):
tripnew-time-later = { $date } เกินช่วงที่พาร์ทเนอร์เปิดขาย จะจองเมื่อเปิดขายวันนั้น เวลาออกรอบที่ต้องการ ในรูปแบบ <code>HH:MM</code>:
tripnew-bad-time = กรุณาใส่เวลาในรูปแบบ <code>HH:MM</code>
tripnew-price-later = ราคาขายต่อผู้เล่นเป็นบาท ({ $players } คน):
tripnew-bad-amount = กรุณาใส่จำนวนเงินเป็นบาท เช่น <code>3200</code> หรือ <code>3200.50</code>
tripnew-more = ตอนนี้มี { $count } รอบ
tripnew-add-round = ➕ เพิ่มรอบ
tripnew-rounds-done = ✅ รอบครบแล้ว
tripnew-lines = รายการอื่น บรรทัดละรายการ: <code>ประเภท; รายละเอียด; ราคาเป็นบาท</code> ประเภทคือ hotel, transfer, caddie หรือ other หรือพิมพ์ <code>none</code>
tripnew-bad-line = บรรทัดที่ { $line } ไม่ตรงรูปแบบ <code>ประเภท; รายละเอียด; ราคา</code> กรุณาส่งรายการทั้งหมดอีกครั้ง
tripnew-deposit = มัดจำเมื่อยอมรับ: เป็นเปอร์เซ็นต์ของยอดรวม { $total } (เช่น <code>25</code>) หรือเป็นจำนวนเงินบาท (เช่น <code>฿20,000</code>):
tripnew-bad-deposit = กรุณาใส่เปอร์เซ็นต์จำนวนเต็ม 0 ถึง 100 (<code>25</code>) หรือจำนวนเงินบาทไม่เกิน { $total } (<code>฿20,000</code>)
tripnew-failed = บันทึกทริปไม่สำเร็จ ตรวจสอบข้อมูลแล้วเริ่มใหม่จาก /trips
trip-accepted-staff = ✅ <b>{ $lead }</b> ยอมรับทริปแล้ว มัดจำ { $amount } ครบกำหนดวันนี้ สลิปของลูกค้าจะส่งมาที่นี่
trip-ics-caption = 📅 รอบออกรอบในทริปของคุณสำหรับปฏิทิน: ไฟล์ที่ส่งภายหลังจะอัปเดตให้
# receipts and tax invoices
btn-receipt = 🧾 ใบเสร็จรับเงิน
receipt-sending = กำลังส่งไฟล์ PDF…
receipt-unpaid = ใบเสร็จรับเงินจะออกให้เมื่อชำระเงินการจองแล้ว
receipt-caption = 🧾 ใบเสร็จรับเงินเลขที่ { $number } ของการจอง { $code }
btn-tax-invoice = 🧾 ใบกำกับภาษี
tax-invoice-not-registered = ตัวแทนไม่ได้จดทะเบียนภาษีมูลค่าเพิ่ม จึงออกใบกำกับภาษีไม่ได้ ใบเสร็จรับเงินเป็นเอกสารของการชำระเงินนี้
tax-invoice-busy = กรุณาทำการจองที่ค้างอยู่ให้เสร็จก่อน (หรือ /cancel) แล้วขอใบกำกับภาษีอีกครั้ง
tax-invoice-intro = 🧾 ใบกำกับภาษีเต็มรูปต้องระบุผู้ซื้อ มีสี่คำถาม พิมพ์ /cancel เพื่อหยุด
tax-invoice-ask-name = ชื่อผู้ซื้อ (ชื่อนิติบุคคลตามที่จดทะเบียน หรือชื่อ-นามสกุลของบุคคล):
tax-invoice-ask-address = ที่อยู่ของผู้ซื้อตามที่จดทะเบียน:
tax-invoice-ask-tax-id = เลขประจำตัวผู้เสียภาษีของผู้ซื้อ (13 หลัก ใส่ขีดหรือเว้นวรรคได้):
tax-invoice-tax-id-invalid = เลขประจำตัวผู้เสียภาษีไม่ถูกต้อง ต้องมี 13 หลักและหลักสุดท้าย (หลักตรวจสอบ) ถูกต้อง กรุณาพิมพ์ใหม่ ชื่อและที่อยู่ยังคงอยู่
tax-invoice-ask-branch = สำนักงานใหญ่หรือสาขา? แตะ สำนักงานใหญ่ หรือพิมพ์เลขที่สาขา (ไม่เกิน 5 หลัก)
tax-invoice-head-office = 🏢 สำนักงานใหญ่
tax-invoice-branch-invalid = เลขที่สาขามีไม่เกิน 5 หลัก (เช่น 00001) กรุณาพิมพ์ใหม่ หรือแตะ สำนักงานใหญ่
tax-invoice-too-long = กรุณาพิมพ์ไม่เกิน { $max } ตัวอักษร แล้วพิมพ์ใหม่
tax-invoice-caption = 🧾 ใบกำกับภาษีเลขที่ { $number } ของการจอง { $code }
tax-invoice-issued = ✅ ออกใบกำกับภาษีเลขที่ { $number } แล้ว ไฟล์ PDF จะตามมา
credit-note-caption = 🧾 ใบลดหนี้เลขที่ { $number } ของการจอง { $code } (อ้างถึงใบกำกับภาษีเลขที่ { $invoice })
admin-report-documents = 🧾 เอกสารที่ออก: ใบเสร็จรับเงิน { $receipts } ฉบับ ใบกำกับภาษี { $invoices } ฉบับ ใบลดหนี้ { $credits } ฉบับ · ภาษีขาย { $vat }
admin-report-document = { $number } · { $buyer } · ภาษีมูลค่าเพิ่ม { $vat }
admin-report-documents-caption = ใบเสร็จรับเงิน ใบกำกับภาษี และใบลดหนี้ที่ออกในช่วงนี้ เป็นไฟล์ CSV สำหรับผู้ทำบัญชี (จำนวนเงินเป็นบาท ใบลดหนี้เป็นค่าติดลบ)
# when the course changes the plan
course-ended-staff = ⛳ <b>สนาม{ $how ->
        [refund] คืนเงิน
       *[cancel] ยกเลิก
    }การจองที่ชำระแล้ว</b>
    { $course }, { $date } { $time } · { $customer } · ผู้เล่น { $players } คน · รหัส { $code }
    คืนเข้าเครดิตของเอเจนซี: { $credited }
    ค้างคืนลูกค้า: { $owed }
course-moved-staff = ⛳ <b>สนามเปลี่ยนเวลาทีออฟของการจองที่ชำระแล้ว</b>
    { $course } · { $customer } · ผู้เล่น { $players } คน · รหัส { $code }
    เดิม { $fromDate } { $fromTime } เปลี่ยนเป็น { $date } { $time }
course-ended-customer = ⛳ <b>สนามได้ยกเลิกเวลาทีออฟของคุณ</b>
    { $course }, { $date } เวลา { $time } (รหัส { $code })
    { $owes ->
        [yes] คุณจะได้รับเงินคืน { $owed } ตัวแทนของคุณจะเป็นผู้คืนให้
       *[no] ตัวแทนของคุณจะติดต่อคุณ
    }
    ขออภัยในความไม่สะดวกจากการเปลี่ยนแปลงนี้
course-moved-customer = ⛳ <b>สนามได้เปลี่ยนเวลาทีออฟของคุณ</b>
    { $course }: เป็น { $date } เวลา { $time } (เดิม { $fromDate } เวลา { $fromTime }) รหัส { $code }
voucher-check-course-cancelled = สนามยกเลิกแล้ว
voucher-check-course-cancelled-detail = สนามได้ยกเลิกเวลาทีออฟนี้ บัตรนี้ใช้ไม่ได้แล้ว สอบถามผู้ที่จองให้เรื่องเงินคืนหรือเวลาทีออฟอื่น
voucher-check-flight-course-cancelled = สนามยกเลิก
admin-report-course-ended = สนามยกเลิก { $count } รายการ
digest-course-ended = สนามยกเลิก: { $count } รายการ
cmd-closeday = ปิดวันของสนาม: คืนเงินทุกการจอง แจ้งทุกคน
closeday-usage = <code>/closeday YYYY-MM-DD สนาม</code> — รหัสสนามหรือส่วนหนึ่งของชื่อ แสดงการจองที่ชำระแล้วของวันนั้นที่สนาม แล้วคืนเงินแต่ละรายการครั้งเดียวและแจ้งทุกคน
closeday-none = ไม่มีการจองที่ชำระแล้วที่ “{ $course }” วันที่ { $date }
closeday-which = ตรงกับหลายสนาม โปรดใช้รหัสสนาม:
closeday-title = ⛳ <b>ปิด { $course } วันที่ { $date } หรือไม่?</b> การจองที่ชำระแล้ว { $count } รายการ:
closeday-line = • { $time } · { $code } · { $customer } · ผู้เล่น { $players } คน · เอเจนต์ { $agent }{ $told ->
        [yes] {" "}· แจ้งลูกค้าในบอท
       *[no] {""}
    }
closeday-confirm = แต่ละการจองจะถูกคืนเงินที่พาร์ทเนอร์ครั้งเดียว บันทึกว่าสนามยกเลิก บันทึกยอดที่ค้างคืนลูกค้า และแจ้งผู้จอง ลูกค้า และแอดมิน
closeday-btn-confirm = ⛳ ปิดและคืนเงิน { $count } รายการ
closeday-working = กำลังปิดวัน…
closeday-done = ⛳ ปิดวันแล้ว ({ $date }): คืนเงินครั้งนี้ { $refunded } รายการ ไม่ได้คืนในครั้งนี้ { $failed } รายการ (สิ้นสุดไปแล้ว หรือดู /order)
# hold warning
pay-hold-warning = เวลาออกรอบของคุณถูกกันไว้ถึง { $time } เท่านั้น (เหลือ { $minutes } นาที) และเรายังไม่ได้รับการชำระเงิน โปรดชำระตอนนี้ด้วย QR ด้านล่าง แล้วส่งสลิปมา มิฉะนั้นการกันเวลาจะหมดอายุ
pay-hold-warning-slip = เวลาออกรอบของคุณถูกกันไว้ถึง { $time } เท่านั้น (เหลือ { $minutes } นาที) และสลิปของคุณยังอยู่ระหว่างการตรวจสอบ หากยังไม่ได้ชำระ โปรดชำระตอนนี้ด้วย QR ด้านล่าง

# Trips: cancelling (admins)
trip-cancel-button = ✖️ ยกเลิกทริป
trip-cancel-quote = ยกเลิกทริปของ { $lead } หรือไม่? วันนี้เหลือ { $days } วันก่อนรอบแรก: อัตราคืนเงินคืน { $percent } % ของราคาทริป จึงคืนให้ลูกค้า <b>{ $refund }</b> (ไม่เกินที่ชำระมา) และเก็บไว้ { $kept } รอบที่จองแล้วจะขอคืนเงินจากคู่ค้า
trip-cancel-confirm = ยกเลิกและคืน { $refund }
trip-cancel-back = ‹ กลับไปที่ทริป
trip-cancel-admins-only = เฉพาะผู้ดูแลระบบเท่านั้นที่ยกเลิกทริปได้ (รอบที่จองจะขอคืนเงินจากคู่ค้า)
trip-cancel-busy = มีรอบของทริปนี้กำลังจองอยู่ กรุณาลองใหม่ในอีกสักครู่
trip-cancel-changed = ⚠️ ยอดที่คืนเมื่อยกเลิกเปลี่ยนไปตั้งแต่ที่แสดง (ผ่านไปหนึ่งวันหรือมีการชำระเงินเข้ามา) นี่คือยอดของวันนี้:
trip-cancelled-staff = ✅ ยกเลิกทริปของ { $lead } แล้ว: บันทึกยอดคืนลูกค้า { $refund } ขอคืนเงินรอบที่จองจากคู่ค้าแล้ว { $rounds } รอบ{ $failed ->
    [0] {""}
   *[other] , ไม่สำเร็จ { $failed } รอบ (คืนเงินด้วย /refund)
  }
trip-cancelled-customer = ทริปของคุณ ({ $reference }) ถูกยกเลิกแล้ว คุณจะได้รับเงินคืน { $refund } ตัวแทนของคุณจะดำเนินการให้
# course alternatives
course-alt-some = เวลาทีออฟที่ยังว่างใกล้เวลาเดิมที่สนามเดียวกันในวันนั้น สำหรับผู้เล่นชุดเดิม (แตะเพื่อจอง):
course-alt-none = ไม่มีเวลาทีออฟว่างใกล้เวลาเดิมที่สนามนี้ในวันนั้น
course-alt-button = จอง { $time } แทน
course-alt-expired = การจองนี้ไม่มีอะไรให้จองใหม่
course-alt-not-yours = เฉพาะเอเจนต์ของการจองนี้หรือผู้ดูแลเท่านั้นที่จองใหม่ได้
course-alt-gone = เวลาทีออฟนั้นเพิ่งถูกจองไปหรือไม่มีแล้ว: นี่คือเวลาทีออฟของสนามในวันนั้น
# trip receipts
trip-receipt-caption = 🧾 ใบเสร็จรับเงิน { $number } สำหรับ{ $kind ->
    [deposit] เงินมัดจำ
   *[other] ยอดคงเหลือ
  }ทริปกอล์ฟ { $reference }
trip-receipt-unpaid = ใบเสร็จจะออกให้เมื่อการชำระเงินงวดนี้ของทริปได้รับการอนุมัติแล้ว

# /report: the slip check
admin-report-slips = 🔎 สลิปที่บริการตรวจ: { $checked } — ยืนยันโดยไม่ต้องกด { $confirmed } (มัธยฐาน { $seconds } วินาทีจากสลิป) ปฏิเสธ { $refused }{ $reasons } ส่งให้คนตรวจ { $person }
admin-report-slip-reason = { $why }: { $n }
# move difference receipts
move-receipt-caption = 🧾 ใบเสร็จรับเงิน { $number } สำหรับส่วนต่างที่คุณชำระเพื่อเปลี่ยนเป็นการจอง { $code }
move-receipt-unpaid = ใบเสร็จจะออกให้เมื่อส่วนต่างที่คุณชำระสำหรับการเปลี่ยนเวลานี้ได้รับการอนุมัติแล้ว
admin-report-trips = 🗺 ทริป: รับเงินมัดจำ { $deposits } รับยอดคงเหลือ { $balances } ค้างชำระ { $due } เลยกำหนด { $overdue } ({ $count } งวด)
# รอบของทริปที่สนามยกเลิก
course-ended-trip = 🧳 รอบนี้เป็นส่วนหนึ่งของทริป { $reference }: หักราคา { $price } ออกจากราคาทริปแล้ว
course-ended-trip-balance = ยอดคงเหลือที่ต้องชำระตอนนี้คือ { $balance }
# A trip owns its rounds' bookings (bookings/ownership.ts)
error-trip-owns = 🧳 การจองนี้เป็นรอบหนึ่งของทริป ทริปเป็นผู้ดูแลเงินของรอบนี้ จึงไม่ได้ดำเนินการใด ๆ กรุณาเปลี่ยนหรือยกเลิกผ่านทริป (/trips)
move-trip-round = การจอง { $code } เป็นรอบหนึ่งของทริป จึงย้ายแยกไม่ได้ ทริปเป็นผู้ดูแลรอบนี้ กรุณาติดต่อผู้ดูแลระบบเพื่อเปลี่ยนทริป
admin-owned-by-trip = ไม่ได้ดำเนินการ: <code>{ $ref }</code> เป็นรอบหนึ่งของทริป { $trip } ทริปเป็นผู้ดูแลเงินของรอบนี้ ยกเลิกทริปได้จาก /trips (ขั้นบันไดการคืนเงินเป็นตัวกำหนดยอดคืน) หากสนามยกเลิกรอบเอง ทริปจะปรับตาม

# trips: the agent's limit and editing a trip
tripnew-limit-later = ยอดสูงสุดที่เอเจนซีจะจ่ายให้พาร์ทเนอร์<b>ต่อผู้เล่น</b>สำหรับรอบนี้ (บาท) เมื่อวันนั้นเปิดขาย: จะจองเฉพาะเวลาออกรอบที่ราคาไม่เกินนี้ (ราคาขาย { $price } ต่อผู้เล่น ห้ามเกินราคาขาย) หรือกดปุ่ม:
tripnew-limit-same = เท่ากับราคาขาย ({ $price })
tripnew-bad-limit = กรุณาระบุจำนวนเงินบาทที่มากกว่าศูนย์และไม่เกินราคาขาย ({ $price } ต่อผู้เล่น)
trip-round-limit = {" "}· เพดาน { $limit }
trip-btn-edit = ✏️ แก้ไข
trip-edit-closed-note = 🔒 ลูกค้ายอมรับทริปนี้แล้ว: แก้ไขไม่ได้อีก ทริปเป็นผู้ดูแลรอบที่จองแล้ว (ย้ายหรือคืนเงินแยกรอบไม่ได้) หากต้องการเปลี่ยนต้องยกเลิกทริป รอบที่สนามยกเลิกจะถูกหักออกจากราคาทริปเอง
tripedit-closed = ทริปนี้แก้ไขไม่ได้แล้ว: ลูกค้ายอมรับแล้ว (หรือถูกยกเลิก)
tripedit-menu = ✏️ ต้องการแก้ไขอะไร? การแก้ใบเสนอราคาที่ส่งไปแล้วจะทำให้ใบนั้นเป็นโมฆะ: ส่งใหม่อีกครั้งเมื่อแก้เสร็จ
tripedit-remove-round = ➖ ลบรอบ
tripedit-add-round = ➕ เพิ่มรอบ
tripedit-lines = 🏨 รายการอื่น
tripedit-deposit = 💰 เงินมัดจำ (เปอร์เซ็นต์หรือจำนวนเงิน)
tripedit-roster = 👥 ผู้เล่น
tripedit-done = ✅ เสร็จ
tripedit-which-round = ลบรอบไหน?
tripedit-which-line = รายการไหน? หรือเพิ่มรายการ:
tripedit-line-add = ➕ เพิ่มรายการ
tripedit-line-what = { $description }:
tripedit-line-change = ✏️ แก้ไข
tripedit-line-remove = 🗑 ลบ
tripedit-line-new = รายการในรูปแบบ <code>ประเภท; รายละเอียด; ราคาเป็นบาท</code> ประเภทเป็น hotel, transfer, caddie หรือ other:
tripedit-roster-ask = ผู้เล่น { $count } คน บรรทัดละคน: <code>ชื่อ, แฮนดิแคป</code> (ลูกค้าหลักก่อน) หากจำนวนคนเปลี่ยนต้องสร้างทริปใหม่
tripedit-bad-party = ทริปนี้เสนอราคาไว้สำหรับ { $count } คน: กรุณาส่ง { $count } บรรทัด
tripedit-saved = ✅ บันทึกแล้ว
tripedit-saved-voided = ✅ บันทึกแล้ว ใบเสนอราคาที่ส่งให้ลูกค้าเป็นโมฆะ: ลูกค้าจะเห็นว่าคุณกำลังแก้ไข ส่งใหม่อีกครั้งเมื่อแก้เสร็จ
tripedit-invalid = ไม่ได้แก้ไข: { $problem ->
   *[other] คำตอบอ่านไม่ได้ หรือทำไม่ได้ (ทริปต้องมีอย่างน้อยหนึ่งรอบ จำนวนผู้เล่นคงเดิม ไม่เกิน 30 รอบและ 30 รายการ)
  }
trip-quote-changing = ✏️ เอเจนต์ของคุณกำลังแก้ไขใบเสนอราคานี้ คุณจะยอมรับได้เมื่อเอเจนต์ส่งให้อีกครั้ง

# trip quote picture
trip-quote-image-title = ใบเสนอราคาทริปกอล์ฟ
trip-quote-image-agent = ตัวแทนของคุณ: { $agent }
trip-quote-image-players = นักกอล์ฟ { $players } คน
trip-quote-image-tbc = ยืนยันเวลาออกรอบเมื่อวันนั้นเปิดขาย
trip-quote-image-total = รวม
trip-quote-image-schedule = กำหนดการชำระเงิน
trip-quote-image-deposit = มัดจำ ชำระเมื่อยอมรับ
trip-quote-image-deposit-due = มัดจำ ครบกำหนด { $due }
trip-quote-image-balance = ยอดคงเหลือ ภายใน { $due }
trip-quote-image-pay-all = ชำระเต็มจำนวนเมื่อยอมรับ
trip-quote-image-pay-all-due = ชำระเต็มจำนวน ครบกำหนด { $due }
trip-quote-image-ladder = หากยกเลิก
trip-quote-image-accept = วิธียอมรับ: เปิดลิงก์ที่ตัวแทนส่งให้คุณใน Telegram แล้วแตะ “ยอมรับทริปนี้”
trip-quote-image-caption = 🧾 ใบเสนอราคาทริปของคุณเป็นรูปภาพ ส่งต่อให้คณะของคุณได้ ยอมรับได้ด้วยปุ่มใต้ใบเสนอราคา
trip-btn-quote-image = 🖼 รูปใบเสนอราคา
trip-quote-image-staff = 🧾 ใบเสนอราคาทริปของ { $lead } เป็นรูปภาพ ในภาษาของทริป สำหรับส่งต่อ ลูกค้ายอมรับได้จากลิงก์ของตน
trip-quote-image-failed = ยังวาดรูปไม่ได้ในตอนนี้ ลองใหม่อีกครั้งในอีกสักครู่

# trip tax invoices and credit notes
trip-tax-invoice-caption = 🧾 ใบกำกับภาษี { $number } สำหรับ{ $kind ->
    [deposit] เงินมัดจำ
   *[other] ยอดคงเหลือ
  }ทริปกอล์ฟ { $reference }
trip-tax-invoice-unpaid = ใบกำกับภาษีจะออกให้เมื่อการชำระเงินงวดนี้ของทริปได้รับการอนุมัติแล้ว
tax-invoice-same-buyer = 🧾 ใบกำกับภาษีเลขที่ { $number } ของทริปนี้ออกในนาม:
    <b>{ $name }</b>
    { $address }
    เลขประจำตัวผู้เสียภาษี { $taxId } · { $office }
    ออกใบนี้ในนามผู้ซื้อเดิมหรือไม่
tax-invoice-same-buyer-yes = ✅ ผู้ซื้อเดิม
tax-invoice-same-buyer-no = ✏️ ผู้ซื้อรายอื่น
tax-invoice-branch-no = สาขาที่ { $branch }
trip-credit-note-caption = 🧾 ใบลดหนี้เลขที่ { $number } ของทริปกอล์ฟ { $reference } (อ้างถึงใบกำกับภาษีเลขที่ { $invoice })

## Trip slips checked by the slip-check service (features/trips/slip-check.ts)
trip-slip-verified = ✅ ตรวจสอบการโอน { $amount } กับธนาคารแล้ว
trip-slip-check-refused = ⚠️ สลิปนี้ใช้ชำระทริปของคุณไม่ได้: { $why }
    โปรดส่งสลิปการโอน { $amount } เข้าบัญชีตาม QR หรือติดต่อตัวแทนของคุณ ซึ่งได้รับสลิปนี้แล้วเช่นกัน
trip-check-why-too-old = การโอนนี้ทำก่อนที่จะมีการขอชำระเงินงวดนี้
trip-card-check-approved = ✅ ระบบตรวจสลิป ({ $provider }) ยืนยันแล้ว ไม่ต้องกดยืนยัน: { $kind ->
    [deposit] จองแล้ว { $booked } รอบ รอวันเปิดขาย { $waiting } รอบ จองไม่สำเร็จ { $failed } รอบ
   *[other] ทริปชำระครบแล้ว
  }
trip-card-check-unread = ❔ อ่าน QR ของสลิปไม่ได้ ({ $why }) จึงไม่ได้ส่งให้ระบบตรวจสลิป โปรดตรวจการโอนด้วยตนเอง
# trips in /mybookings, the trips' margins in /report, the digest and a trip's staff view
my-trips-title = 🗺 ทริป
my-trips-row = 🗺 <b>{ $lead }</b> · { $dates }
    ยอดรวม { $total } · ชำระแล้ว { $paid } · ค้างชำระ { $due }
admin-report-trip-rounds = 🗺 รอบของทริปที่ชำระให้พาร์ทเนอร์ในช่วงนี้: { $count } รอบ ({ $amount }){ $refunded ->
    [0] {""}
   *[other] , คืนเงินแล้ว { $refunded } รอบ ({ $refundedAmount })
  } — นับรวมกับทริปของรอบนั้น ไม่นับในแถวการจอง (มีอยู่ในไฟล์ CSV การจอง)
admin-report-trip-margins = 📈 กำไรต่อทริป ({ $count } ทริป) รวม { $margin } — รายการของเอเจนซี่ (โรงแรม รถรับส่ง…) ไม่มีต้นทุนใน fairway จึงนับเป็นของเอเจนซี่ทั้งจำนวน:
admin-report-trip-margin = • { $lead } · { $dates }: รอบ { $rounds } + รายการ { $lines } − พาร์ทเนอร์ { $nets } (จองแล้ว { $booked }/{ $count } รอบ) = { $margin }
trip-margin-staff = 📈 กำไร: รอบ { $rounds } + รายการ { $lines } − พาร์ทเนอร์ { $nets } (จองแล้ว { $booked }/{ $count } รอบ) = <b>{ $margin }</b>
    fairway ไม่ทราบต้นทุนของรายการ: ราคาของรายการนับเป็นของเอเจนซี่ทั้งจำนวน
# A cancelled trip: the partner's refunds beside the customer's (features/trips/cancel.ts)
trip-cancelled-side-by-side = เทียบกัน: คู่ค้าคืนเครดิตให้เอเจนซี่ { $credited } สำหรับรอบที่จอง{ $unstated ->
    [0] {""}
   *[other] {" "}(และอีก { $unstated } รายการที่คู่ค้าไม่ได้แจ้งยอด)
  } ส่วนลูกค้าได้รับคืน { $refund }
# A trip's balance: days before the first round (conversations/trip/steps.ts)
tripnew-balance-days = ยอดคงเหลือครบกำหนดชำระกี่วันก่อนรอบแรก? (เช่น <code>30</code>)
tripnew-balance-days-default = { $days } วันก่อนรอบแรก
tripnew-bad-balance-days = กรุณาใส่จำนวนวันเป็นจำนวนเต็ม 0 ถึง 180
