"""Chinese (simplified): every message of :mod:`fedrank.handlers.i18n`, by key."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "start.greeting": "您好，{name}！我是 fedrank，负责 {federations} 的官方等级分。",
    "start.what": "发送 /rating 查看您的成绩及其依据，/top 查看排名，/help 查看全部命令。",
    "start.linked": "您的账号已关联到 {player}。",
    "start.unlinked": "请用 /link <ID> 将账号关联到您的协会编号。",
    "help.title": "命令：",
    "help.directors": "裁判长命令：",
    "cmd.start": "本机器人的功能",
    "cmd.help": "本列表",
    "cmd.link": "将账号关联到协会编号：/link <编号> [验证码]",
    "cmd.rating": "您或某位选手的成绩：/rating [姓名或编号]",
    "cmd.top": "排行榜前列（可查过去的排名）：/top [项目] [名次数] [YYYY-MM-DD]",
    "cmd.lang": "选择语言：/lang en|ru|uk|zh",
    "cmd.links": "待处理的关联申请",
    "cmd.approve": "批准关联申请：/approve <申请号>",
    "cmd.reject": "拒绝关联申请：/reject <申请号>",
    "cmd.linkcode": "为选手生成一次性关联码：/linkcode <编号>",
    "cmd.grant": "授予角色：/grant <平台:用户> <协会> <角色>",
    "error.unknown_command": "未知命令 /{command}。发送 /help 查看命令列表。",
    "error.not_a_command": "我只响应命令；发送 /help 查看列表。",
    "error.internal": "服务器出现问题，未做任何更改。请稍后再试。",
    "error.usage": "用法：{usage}",
    "error.forbidden": "只有 {federation} 的{role}可以执行此操作。",
    "error.not_director": "此命令仅限裁判长使用。",
    "error.missing": "未执行任何操作：找不到记录 {what} {key}（或已被删除）。",
    "role.player": "选手",
    "role.director": "裁判长",
    "role.admin": "管理员",
    "player.not_found": "未找到与“{query}”匹配的选手。",
    "player.choose": "有多位选手与“{query}”匹配，请使用编号再次查询：",
    "rating.unlinked": "您的账号尚未关联：/link <协会编号>，或 /rating <姓名或编号>。",
    "rating.nothing": "{player} 暂无成绩记录。",
    "rating.position": "{date} 排名：第 {position} 名，共 {size} 人",
    "rating.rating": "等级分：{value}",
    "rating.title": "级别：{title}（自 {since} 起）",
    "rating.points": "积分：{points}",
    "rating.next": "下一目标：{next}",
    "top.no_list": "{discipline} 尚未发布排名。",
    "top.title": "{discipline}：{date} 排名（前 {count} 名，共 {size} 人）",
    "top.headers": "#|选手|等级分|级别",
    "top.unknown_discipline": "未知项目“{query}”。可选项目：{known}。",
    "top.choose": "哪个排名？/top <项目> [名次数]。可选项目：{known}。",
    "top.bad_count": "名次数必须是 1 到 {max} 之间的整数。",
    "lang.set": "语言已设为中文。",
    "link.status_linked": "您的账号已关联到 {player}。",
    "link.requested": (
        "已提交第 {request} 号申请，将您关联到 {player}；{federation} 的裁判长确认后生效。"
        "如裁判长给了您验证码，请发送 /link {id} <验证码>。"
    ),
    "link.already_requested": "您关联 {player} 的第 {request} 号申请正在等待裁判长处理。",
    "link.taken": "{player} 已关联到其他账号，请联系裁判长。",
    "link.done": "完成：您的账号已关联到 {player}。",
    "link.bad_code": "该验证码对 {id} 无效（错误、已使用或已过期）。请向裁判长索取新的验证码。",
    "link.none_pending": "没有待处理的关联申请。",
    "link.pending_line": "第 {request} 号：{account} 申请关联 {player}",
    "link.no_request": "不存在待处理的第 {request} 号申请。",
    "link.approved": "第 {request} 号申请已批准：{account} 已关联到 {player}。",
    "link.rejected": "第 {request} 号申请已拒绝。",
    "link.code_issued": (
        "{player} 的一次性验证码：{code}（有效期至 {until}）。请当面交给选手，"
        "由其发送 /link {id} {code}。"
    ),
    "grant.done": "{account} 现为 {federation} 的{role}。",
    "grant.no_account": "账号 {account} 尚未与机器人对话。",
    "federation.unknown": "未知协会“{query}”。可选协会：{known}。",
    "cmd.submit": "提交成绩：/submit <项目>，附文件或粘贴表格",
    "cmd.confirm": "确认写入已预览的提交：/confirm <令牌>",
    "cmd.cancel": "取消已预览的提交：/cancel <令牌>",
    "cmd.publish": "立即发布排名：/publish <项目> [YYYY-MM-DD]",
    "submit.too_large": "文件超过 {limit} MB。",
    "submit.not_text": "{file} 不是 UTF-8 文本。",
    "submit.empty": "请附上成绩文件，或在命令后粘贴表格。",
    "submit.no_adapter": "暂不支持提交 {system} 的成绩。",
    "submit.refused": "未接受，未写入任何数据：{error}",
    "submit.preview_title": "预览：{name}",
    "submit.headers": "选手|之前|之后|备注",
    "submit.more": "……另有 {count} 条。",
    "submit.replays": "此次提交将重算以下已存比赛：{names}",
    "submit.confirm": "确认",
    "submit.cancel": "取消",
    "submit.no_pending": "没有您以此令牌等待确认的提交。",
    "submit.saved": "已保存：{name}，第 {version} 版。",
    "submit.stale": (
        "未写入：预览之后 {name} 已有变动（现为第 {version} 版）。请重新提交以查看最新预览。"
    ),
    "cmd.playerdata": "规则所需的选手资料：/playerdata <编号> [分区.键 <JSON | ->]",
    "playerdata.saved": "已为 {player} 保存 {key}。",
    "playerdata.bad_json": "该值不是有效的 JSON：{error}。",
    "submit.cancelled": "已取消，未写入任何数据。",
    # --- .xlsx submissions (handlers/spreadsheet.py) ---------------------------------------
    "sheet.not_xlsx": (
        "{file} 不是有效的 Excel 工作簿（.xlsx）；请重新另存为 .xlsx，或以文本发送成绩。"
    ),
    "sheet.encrypted": "{file} 有密码保护或是旧的 .xls 文件；请另存为不带密码的 .xlsx 工作簿。",
    "sheet.macros": "{file} 含有宏，不予接受；请另存为普通的 .xlsx 工作簿。",
    "sheet.too_large": "{file} 解压后超过 {limit} MB；请只发送包含成绩的工作簿。",
    "sheet.no_sheet": "{file} 中没有工作表。",
    "sheet.bad_cell": "{file}，第 {row} 行，第 {column} 列：无法读取该单元格。",
    "sheet.error_cell": (
        "{file}，第 {row} 行，第 {column} 列：单元格的值为错误 {value}；请修正公式或直接输入数值。"
    ),
    "sheet.no_value": (
        "{file}，第 {row} 行，第 {column} 列：公式没有计算结果；请在电子表格软件中打开并重新保存。"
    ),
    "sheet.unsupported": "{system} 格式无法由电子表格生成；请发送其文本文件。",
    "sheet.where": "（行号即工作表“{sheet}”的行号：{cell}）",
    "publish.done": "已发布 {discipline} {date} 排名：共 {size} 人。",
    "publish.exists": "{discipline} {date} 排名已发布过。",
    "publish.future": "排名日期不能晚于今天（{today}）。",
    "publish.bad_date": "日期格式须为 YYYY-MM-DD。",
    "cmd.why": "某项积分的计算依据：/why <比赛> [选手]",
    "cmd.history": "等级分走势及当前计入的成绩：/history [选手]",
    "cmd.subscribe": "在此接收排名公告：/subscribe <项目> [me]",
    "cmd.unsubscribe": "停止接收公告：/unsubscribe <项目> [me]",
    "why.no_tournament": "未找到与“{query}”匹配的比赛。",
    "why.choose": "有多项比赛与“{query}”匹配，请使用代码再次查询：",
    "why.no_award": "{player} 在 {tournament} 中没有积分记录。",
    "history.headers": "排名日期|#|等级分|级别",
    "history.caption": "{discipline}：等级分走势",
    "history.counted": "当前排名计入的成绩：",
    "sub.on": "已订阅：{discipline} 的公告将发送到这里。",
    "sub.on_me": "已订阅：每次发布 {discipline} 排名后，您将私下收到关于本人排名的消息。",
    "sub.already_on": "已订阅过 {discipline}。",
    "sub.off": "已取消订阅 {discipline}。",
    "sub.already_off": "此处没有订阅 {discipline}。",
    "cmd.pairing": "黑白棋比赛下一轮的配对：/pairing <比赛>",
    "cmd.standings": "黑白棋比赛的排名：/standings <比赛>",
    "cmd.round": "录入黑白棋一轮的结果（粘贴在命令下方）：/round <比赛>",
    "othello.unknown_tournament": "没有与“{query}”匹配的黑白棋比赛。",
    "othello.pairing_title": "{name}：第 {round} 轮（共 {total} 轮）配对（{system}，种子 {seed}）",
    "othello.pairing_headers": "台号|黑方|白方",
    "othello.byes": "轮空：{players}",
    "othello.no_pairing.one": "{name}：全部 {total} 轮已赛完，不再配对。",
    "othello.no_pairing.few": "{name}：全部 {total} 轮已赛完，不再配对。",
    "othello.no_pairing.many": "{name}：全部 {total} 轮已赛完，不再配对。",
    "othello.standings_title": "{name}：第 {round} 轮后排名（共 {total} 轮）",
    "othello.ifrl_title.one": "{name}：个人最终排名（IFRL），{round}/{total} 轮后",
    "othello.ifrl_title.few": "{name}：个人最终排名（IFRL），{round}/{total} 轮后",
    "othello.ifrl_title.many": "{name}：个人最终排名（IFRL），{round}/{total} 轮后",
    "othello.standings_headers": "#|选手|国家|积分|BQ|子数|备注",
    "othello.round_empty": "请在命令下方粘贴第 {round} 轮的结果，每行一局。",
    "othello.round_refused": (
        "第 {round} 轮未被接受，未写入任何数据（行号从命令下方第一行算起）：{error}"
    ),
    "othello.publish_on_confirm": "确认后将公布以下配对。",
    # --- game reports (handlers/reports/) ---------------------------------------------------
    "cmd.openreports": "开放比赛，允许选手报告对局",
    "cmd.closereports": "停止比赛的对局报告",
    "cmd.report": "报告您下过的对局（由对手确认）",
    "cmd.reports": "等待您处理的对局报告",
    "cmd.gameok": "确认对手报告的对局",
    "cmd.gamedispute": "对对手报告的对局提出异议",
    "cmd.gameapprove": "批准报告的对局（或按报告方裁决争议）",
    "cmd.gamereject": "驳回对局报告",
    "reports.opened": (
        "{tournament}（{name}，{discipline}）已开放：选手可用 /report {tournament}"
        " <对手编号> <win|loss|draw> [比分] 报告对局。"
    ),
    "reports.already_open": "{tournament} 已经开放对局报告。",
    "reports.closed": "{tournament} 已停止接收新的对局报告；已提交的报告仍可处理。",
    "reports.not_open": "您的协会没有开放对局报告的比赛 {tournament}。",
    "reports.to_confirm": "对手报告的对局——请确认或提出异议：",
    "reports.sent": "您提交的仍在等待的报告：",
    "reports.to_decide": "待裁判长决定的报告：",
    "reports.none": "没有等待您处理的对局报告。",
    "report.unlinked": "请先用 /link <ID> 关联您的协会编号：只有选手本人可以报告对局。",
    "report.self": "不能报告与自己的对局。",
    "report.score_mismatch": "比分 {score} 与“{result}”不符（您的得分在前）。",
    "report.duplicate": (
        "您在 {tournament} 与 {opponent} 的对局已报告（#{report}），仍在等待；每局只报告一次。"
    ),
    "report.created": (
        "报告 #{report} 已记录：在 {tournament} 对 {opponent} {result}。对手确认后生效。"
    ),
    "report.result_win1": "胜",
    "report.result_win2": "负",
    "report.result_draw": "和",
    "report.line": "#{report} {tournament}：{reporter} 报告对 {opponent} {result}（{state}）",
    "report.state_reported": "等待对手确认",
    "report.state_confirmed": "已确认，等待裁判长批准",
    "report.state_disputed": "有争议，由裁判长决定",
    "report.state_approved": "已计入",
    "report.state_rejected": "已驳回",
    "report.confirm": "✓ 确认 #{report}",
    "report.dispute": "✗ 异议 #{report}",
    "report.approve": "✓ 批准 #{report}",
    "report.reject": "✗ 驳回 #{report}",
    "report.not_yours": "没有等待您答复的报告 #{report}。",
    "report.unknown": "没有对局报告 #{report}。",
    "report.not_waiting": "报告 #{report}：{state}，无需处理。",
    "report.disputed": "报告 #{report} 已提出异议：由 {federation} 的裁判长决定。",
    "report.awaits_director": "报告 #{report} 已确认；{federation} 的裁判长批准后生效。",
    "report.counted": "报告 #{report} 已计入：对局已写入 {tournament}（第 {version} 版）。",
    "report.rejected": "报告 #{report} 已驳回，不计入。",
    "report.rate_refused": "对局未计入，未写入任何数据：{error}",
    # --- federation management (handlers/admin.py) ---------------------------------------------
    "cmd.disciplines": "各协会的项目（等级分榜单）",
    "cmd.discipline": "添加项目（管理员）",
    "cmd.roles": "协会中担任角色的账号",
    "cmd.unlink": "撤销账号与选手的错误关联",
    "disciplines.title": "项目：",
    "disciplines.headers": "协会|代码|名称|体系|发布周期",
    "disciplines.none": "暂无项目。",
    "discipline.added": (
        "已为 {federation} 添加项目 {code}（{name}）：体系 {system}，榜单 {calendar}。"
    ),
    "discipline.exists": "代码为 {code} 的项目已存在（代码在所有协会中唯一）。",
    "discipline.bad_system": "未知体系“{system}”。可选体系：{known}。",
    "discipline.bad_calendar": "未知发布周期“{calendar}”。可选：{known}。",
    "discipline.no_adapter": "注意：{system} 引擎尚未接入数据库，在此之前该项目不接受成绩提交。",
    "roles.title": "{federation} 的角色：",
    "roles.headers": "账号|名称|角色|关联选手",
    "roles.none": "{federation} 中没有账号担任角色（所有人均为选手）。",
    "unlink.done": "已解除与 {player} 的关联：{accounts}。",
    "unlink.none": "没有这样的账号关联到 {player}。",
    # -- announcements (fedrank/handlers/announcements.py) --------------------------------------
    "ann.title": "{discipline}：{date} 排名表",
    "ann.since": "自 {date} 排名表以来的变化：",
    "ann.promotions": "升级：{items}",
    "ann.demotions": "降级：{items}",
    "ann.new_titles": "新称号：{items}",
    "ann.movers": "名次变化最大：{items}",
    "ann.entrants": "新上榜：{items}",
    "ann.left": "离榜（成绩已超出计算期）：{items}",
    "ann.no_changes": "没有变化。",
    "ann.top": "前 {n} 名（共 {size} 名）；完整排名见附件（CSV、XLSX、HTML）。",
    "ann.col_position": "名次",
    "ann.col_id": "编号",
    "ann.col_player": "选手",
    "ann.col_rating": "等级分",
    "ann.col_title": "称号",
    "ann.personal_title": "{discipline}，{date} 排名表：您的成绩",
    "ann.personal_line": "第 {position} 名（共 {size} 名），等级分 {rating}，称号 {title}。",
    "ann.personal_before": "上一期：第 {position} 名，等级分 {rating}，称号 {title}。",
    "ann.personal_new": "您首次上榜。",
    "ann.personal_left": "您已不在榜上（成绩已超出计算期）；上一期您排第 {position} 名。",
    # --- /whatif (handlers/whatif.py) ------------------------------------------------------------
    "cmd.whatif": "某比赛中取得某名次会带来什么变化：/whatif <比赛> <名次> [选手]",
    "whatif.title": "如果 {player} 在 {tournament} 中获得第 {place} 名会怎样？",
    "whatif.headers": "项目|现有|取得该名次后|备注",
    "whatif.nothing_written": "仅为模拟计算，未做任何更改。",
    "whatif.no_tournament": "没有与“{query}”匹配的已保存比赛。",
    "whatif.choose": "有多个比赛与“{query}”匹配，请给出代码：",
    "whatif.unlinked": "请指明选手（/whatif <比赛> <名次> <选手>），或用 /link <ID> 关联账号。",
    "whatif.other_federation": "{player} 不是 {tournament} 所属协会的选手。",
    "whatif.unsupported": "{system} 体系无法模拟名次：其成绩并非来自单个比赛的名次。",
    "whatif.refused": "无法模拟：{error}",
    # -- qualification windows (fedrank/handlers/qualification/) -----------------------------
    "cmd.qualify": "为赛事创建资格选拔",
    "cmd.qualification": "资格选拔：名单、替补及各名额状态",
    "cmd.qconfirm": "接受获得的参赛名额",
    "cmd.qdecline": "放弃获得的参赛名额",
    "qual.created": (
        "资格选拔 {id} 已创建：{event}（{discipline}），{event_date}，名额 {quota}"
        "（主席团指定 {presidium} 名）。名单将于 {date} 冻结，邀请当天发出。"
    ),
    "qual.created_past": (
        "资格选拔 {id} 已创建：{event}（{discipline}），{event_date}，名额 {quota}"
        "（主席团指定 {presidium} 名）。资格日期 {date} 已过：将冻结该日排名，"
        "并在调度程序下次运行时发出邀请。"
    ),
    "qual.bad_quota": "名额必须是不小于 1 的整数，而不是“{quota}”。",
    "qual.no_rules": "fedrank 中 {discipline} 没有资格选拔规则（仅俄罗斯麻将联合会有）。",
    "qual.too_many_presidium": "主席团指定名额 {places} 超过总名额 {quota}（条例第 3.7 条）。",
    "qual.rule": "规则不允许：{error}",
    "qual.not_found": "没有与您相关的资格选拔 {id}。",
    "qual.invite_title": "邀请：{event}，{date}",
    "qual.invite_text": (
        "{player}，您已获得 {discipline} 的参赛资格。请在 {deadline} 之前（15 天内）确认或"
        "放弃；逾期未答复，名额将转给替补。也可发送 /qconfirm {id} 或 /qdecline {id}。"
    ),
    "qual.no_account": "{player} 没有关联账号：请于今天转告此邀请。",
    "qual.button_confirm": "确认",
    "qual.button_decline": "放弃",
    "qual.reminder": (
        "提醒：{event} 的名额等待您在 {deadline} 之前答复。/qconfirm {id} 或 /qdecline {id}。"
    ),
    "qual.expired": "您未按时答复 {event}（资格选拔 {id}），已转入替补名单。",
    "qual.confirmed": "已确认：您获得 {event}（资格选拔 {id}）的名额。",
    "qual.declined": "已放弃：{event}（资格选拔 {id}）的名额转给下一位选手。",
    "qual.cannot_answer": "资格选拔 {id}：您没有待答复的名额（当前状态：{state}）。",
    "qual.summary_filled": "资格选拔 {id}（{event}）：名额已满，全部确认。",
    "qual.summary_exhausted.one": "资格选拔 {id}（{event}）：替补已用尽，{unfilled} 个名额空缺。",
    "qual.summary_exhausted.few": "资格选拔 {id}（{event}）：替补已用尽，{unfilled} 个名额空缺。",
    "qual.summary_exhausted.many": "资格选拔 {id}（{event}）：替补已用尽，{unfilled} 个名额空缺。",
    "qual.refused": "资格选拔 {id} 无法冻结：{error}",
    "qual.show_title": "资格选拔 {id}：{event}（{discipline}），{event_date}",
    "qual.show_dates": "资格日期 {date}，名额 {quota}，主席团指定 {presidium} 名。",
    "qual.not_frozen": "名单尚未冻结。",
    "qual.frozen_list": "{date} 冻结的名单：",
    "qual.slots": "名额：",
    "qual.reserve": "替补顺序：{players}",
    "qual.skipped": "资格日期时非会员（第 3.2 条）：{players}",
    "qual.unfilled": "空缺名额：{unfilled}",
    "qual.col_player": "选手",
    "qual.col_source": "依据",
    "qual.col_state": "状态",
    "qual.col_informed": "通知日期",
    "qual.col_deadline": "截止",
    "qual.col_closed": "结束",
    "qual.source_presidium": "主席团",
    "qual.source_rating": "等级分",
    "qual.state_invited": "已邀请",
    "qual.state_confirmed": "已确认",
    "qual.state_declined": "已放弃",
    "qual.state_reserve": "替补（未按时答复）",
    "qual.state_none": "未获名额",
    "report.notice_ask": "对手报告了一局对局：请确认或提出异议。",
    "report.notice_decide": "一份对局报告等待裁判长处理：",
    "reports.not_rated": (
        "注意：{system} 适配器尚不能根据报告的对局计算等级分；已计入的对局保存在比赛中，"
        "提交该比赛成绩时再计算。"
    ),
    "cmd.player": "选手登记卡：/player <编号或姓名>",
    "card.federation": "协会",
    "card.latin_name": "拉丁字母拼写",
    "card.club": "俱乐部",
    "card.country": "国家",
    "card.birth_date": "出生日期",
    "card.sex": "性别",
    "card.egd_pin": "EGD PIN",
    "card.memberships": "会籍",
    "card.no_membership": "无记录",
    "cmd.playeradd": '向登记册添加选手：/playeradd <协会> name="…" [列=值 …]',
    "cmd.playeredit": "修改登记册中的选手：/playeredit <编号> 列=值 …",
    "registry.added": "已将 {player} 加入登记册。",
    "registry.saved": "已为 {player} 保存：{fields}。",
    "registry.unchanged": "{player} 没有任何变化。",
    "registry.exists": "登记册中已有 {id}；请用 /playeredit 修改。",
    # ── setup: begin (keys of the setup work go between begin and end) ──
    "setup.start_empty": (
        "您好，{name}！我是 fedrank。目前还没有任何协会：服务器管理员可用"
        ' fedrank federation add CODE "NAME" --timezone Area/City 创建一个。'
    ),
    "setup.federation_added": "已添加协会 {code}（{name}）：时区 {timezone}，公告语言 {language}。",
    "setup.discipline_added": (
        "已在 {federation} 添加项目 {code}（{name}）：系统 {system}，榜单周期 {calendar}。"
    ),
    "setup.bad_name": "需要名称，最多 {limit} 个字符。",
    "setup.bad_timezone": (
        "未知时区“{timezone}”：请使用 Area/City 形式的 IANA 名称。最接近的：{close}。"
    ),
    "setup.bad_federation_code": (
        "“{code}”不能作为协会代码：以字母开头，后接字母、数字、- 或 _（最多 32 个）。"
    ),
    "setup.bad_language": "未知语言“{language}”。可用语言：{known}。",
    "setup.federation_exists": "协会 {code}（{name}）已存在。",
    "setup.no_federation_yet": (
        "没有协会“{code}”，目前也没有其他协会：管理员可用"
        ' fedrank federation add CODE "NAME" --timezone Area/City 创建。'
    ),
    "setup.bad_discipline_code": (
        "“{code}”不能作为项目代码：只能用小写字母、数字、'.'、'-' 或 '_'（最多 32 个）。"
    ),
    "setup.no_adapter": "fedrank 目前还不能计算 {system} 的榜单：未添加该系统的项目。",
    "setup.discipline_refused": "无法添加 {system} 系统的项目：{why}（{rule}）。",
    "setup.rmf_kind": (
        "RMF 规则只有两个榜单，竞技麻将（MCR）和四川麻将，而“{code}”（{name}）两者都没有指明；"
        "请在代码或名称中写明 MCR、sports 或 Sichuan"
    ),
    "setup.discipline_exists": (
        "代码为 {code} 的项目已存在于 {federation}（项目代码在所有协会中唯一）。"
    ),
    "setup.unknown_discipline": "{federation} 没有项目“{code}”。其项目：{known}。",
    "setup.stored_tournaments": "比赛",
    "setup.stored_lists": "已发布榜单",
    "setup.stored_qualifications": "选拔",
    "setup.stored_titles": "称号",
    "setup.cannot_remove": (
        "{code} 未删除：其中有 {stored}，这些永不删除。请改为停用"
        "（保留历史，不再发布新榜单，不再接受成绩）。"
    ),
    "setup.discipline_removed": "项目 {code} 已从 {federation} 删除（它没有任何历史）。",
    "setup.discipline_disabled": (
        "{federation} 的项目 {code} 已停用：历史保留，不再按其周期发布新榜单，不再接受成绩。"
    ),
    "setup.already_disabled": "项目 {code} 已经停用。",
    "setup.discipline_enabled": "项目 {code} 已重新启用。",
    "setup.already_enabled": "项目 {code} 未被停用。",
    "setup.submit_disabled": (
        "项目 {code} 已停用，不接受成绩（管理员可用 /discipline enable 重新启用）。"
    ),
    "setup.disabled": "已停用",
    # ── setup: end ──
    # ── links: begin (keys of the links work go between begin and end) ──
    "link.already_linked": "您的账号已关联到 {player}。",
    "link.relink_note": "裁判长批准后，它将取代您与 {current} 的关联。",
    "link.too_many_requests": "您已有 {max} 个关联申请在等待中；请等裁判长答复后再申请。",
    "link.code_locked": (
        "错误验证码次数过多：验证码关联已锁定至 {until}。"
        "请稍后再试，或只发送 /link 加您的编号，由裁判长确认。"
    ),
    "link.own_code": (
        "您不能用自己签发的验证码关联自己，也不能为自己申请的选手签发验证码："
        "须由 {federation} 的其他裁判长或管理员办理。"
    ),
    "link.replaced": "它取代了您与 {player} 的关联。",
    "link.page.one": "第 {page} 页，共 {pages} 页（{total} 个申请等待中）。",
    "link.page.few": "第 {page} 页，共 {pages} 页（{total} 个申请等待中）。",
    "link.page.many": "第 {page} 页，共 {pages} 页（{total} 个申请等待中）。",
    "link.pending_relink": (
        "第 {request} 号：{account} 申请关联 {player}，取代 {current}（重新关联）"
    ),
    "link.own_request_note": "您本人的申请：由其他裁判长或管理员决定",
    "link.page_back": "‹ 上一页",
    "link.page_next": "下一页 ›",
    "link.own_request": "您不能批准自己的关联申请：须由 {federation} 的其他裁判长或管理员批准。",
    "link.taken_now": "{player} 已关联到该平台的另一个账号：此申请无法批准，请拒绝。",
    "link.approved_replaces": "它取代了 {account} 与 {player} 的关联。",
    "link.name_one": "您关联了多名选手：{players}。请指明是哪一位。",
    # ── links: end ──
    # ── names: begin (keys of the names work go between begin and end) ──
    "names.title.one": (
        "{file} 中有 {count} 个名字在 {federation} 名册中无法确定，尚未写入任何内容："
    ),
    "names.title.few": (
        "{file} 中有 {count} 个名字在 {federation} 名册中无法确定，尚未写入任何内容："
    ),
    "names.title.many": (
        "{file} 中有 {count} 个名字在 {federation} 名册中无法确定，尚未写入任何内容："
    ),
    "names.unknown": "{number}. 第 {line} 行：{name} — 未登记；最接近：{candidates}",
    "names.unknown_none": "{number}. 第 {line} 行：{name} — 未登记",
    "names.ambiguous": "{number}. 第 {line} 行：{name} — 名册中有多名同名选手：{candidates}",
    "names.bad_choice": "{number}. 第 {line} 行：{name} — 没有登记编号为 {id} 的选手",
    "names.how": (
        "请回复 /names {token} 1=编号 2=new …"
        "（已登记选手的编号，或 new 表示按文件中的数据登记新选手），"
        "或 /names {token} new 登记所有未知名字。"
    ),
    "names.register_all": "登记所有未知名字",
    "names.new_players": "确认时将登记的新选手（{count}）：{players}",
    "names.bad_number": "列表中没有第 {number} 个名字。",
    "names.not_waiting": "此提交不在等待选择名字。",
    "names.unsettled": "请先确定名字：/names {token} …",
    "names.stale": "预览后名册已变更（{reason}）；未写入任何内容。请重新提交文件。",
    "names.id_elsewhere": (
        "{number}. 第 {line} 行：{name} — 该编号已登记为 {candidates}：是同一人还是新选手？"
    ),
    "cmd.names": "确定文件中的未知名字：/names <令牌> 1=编号 2=new …",
    "names.name_elsewhere": (
        "{number}. 第 {line} 行：{name} — 该编号未登记，但名字已登记：{candidates}"
    ),
    "names.no_such_name": "列表中没有“{name}”。",
    # ── names: end ──
    # ── scheduler: begin (keys of the scheduler work go between begin and end) ──
    "schedule.failed_admin": (
        "{discipline}（{code}）{date} 的排名表未能发布：{error}。"
        "其他排名表不受影响；此表将自动重试（下次尝试 {retry}）。"
        "运维人员：fedrank schedule 可查看失败记录。"
    ),
    "schedule.withdrawn": "{discipline} {date} 的排名表已撤回：请忽略该表。",
    # ── scheduler: end ──
    # ── figures: begin (keys of the figures work go between begin and end) ──
    "figures.forbidden": "只有 {federation} 的{role}可以执行此操作。",
    "figures.a_role.player": "选手",
    "figures.a_role.director": "裁判长",
    "figures.a_role.admin": "管理员",
    "figures.players.one": "{n} 人",
    "figures.players.few": "{n} 人",
    "figures.players.many": "{n} 人",
    "figures.publish_done": "已发布 {discipline} {date} 排名：共 {players}。",
    "figures.publish_before_first": (
        "{discipline} 的排名不能定在 {date}：早于其第一条已保存成绩（{first}），排名将为空。"
    ),
    "figures.publish_no_results": "{discipline} 暂不能发布排名：尚未保存任何成绩。",
    "figures.playerdata_unknown_key": (
        "本协会没有任何规则读取“{key}”，因此未保存。可用的键：{valid}。"
    ),
    "figures.why_other_federation": (
        "比赛“{tournament}”属于 {federation}，而不是 {own}：/why 显示 {player} 在 {own} "
        "比赛中的积分。"
    ),
    "figures.sub_no_record": "您在“{discipline}”中没有成绩，因此没有关于其排名的消息可发送。",
    "figures.reports_places": (
        "“{discipline}”不能报告对局：其成绩是名次，须通过 /submit 整体提交。"
    ),
    "figures.qual_created_today": (
        "资格选拔 {id} 已创建：{event}（{discipline}），{event_date}，名额 {quota}"
        "（主席团指定 {presidium} 名）。资格日期就是今天 {date}：将冻结该日排名，"
        "并在调度程序下次运行时发出邀请。"
    ),
    "figures.since": "{date} 排名之后：{stored}",
    "figures.since_none": "尚未进入已发布的排名：{stored}",
    "figures.since_more": "另有 {count} 项",
    "figures.since_list": "按目前已保存的成绩，{date} 排名将为：第 {position} 名，共 {size} 人，"
    "等级分 {value}",
    "figures.since_not_listed": "{date} 排名中将没有 {player}。",
    "figures.title_listed": "级别：{title}",
    "figures.list_since": (
        "此排名之后已保存：{stored}。排名将从下次发布起计入；/rating 显示计入后的选手数据。"
    ),
    # ── figures: end ──
    # ── corrections: begin (keys of the corrections work go between begin and end) ──
    "corrections.identical": "{name} 与已存的第 {version} 版完全相同：无需确认，未写入任何内容。",
    "corrections.is_correction": "更正：{code} 已存（第 {version} 版），此更正将成为第 {next} 版。",
    "corrections.no_replays": "不重算其他已存比赛。",
    "cmd.withdraw": "将已存比赛撤出排名（预览后存为新版本）：/withdraw <比赛>",
    "withdraw.unknown": "没有与“{query}”匹配的已存比赛。",
    "withdraw.choose": "有多个比赛与“{query}”匹配，请给出代码：",
    "withdraw.already": "{name}（{code}）已撤销（第 {version} 版）；重新提交其成绩即可恢复。",
    "withdraw.preview_title": "撤销比赛：{name}",
    "withdraw.explain.one": (
        "确认后将存入没有成绩的第 {next} 版：其 {count} 个参赛记录退出排名。"
        "第 {version} 版仍留在账本中，但不再计入。"
    ),
    "withdraw.explain.few": (
        "确认后将存入没有成绩的第 {next} 版：其 {count} 个参赛记录退出排名。"
        "第 {version} 版仍留在账本中，但不再计入。"
    ),
    "withdraw.explain.many": (
        "确认后将存入没有成绩的第 {next} 版：其 {count} 个参赛记录退出排名。"
        "第 {version} 版仍留在账本中，但不再计入。"
    ),
    "withdraw.saved": "已撤销：{name}，第 {version} 版。",
    # ── corrections: end ──
    # ── security: begin (keys of the security work go between begin and end) ──
    "grant.not_below": (
        "{account} 是 {federation} 的{held}；{role}只能更改角色低于自己的账号的角色。"
    ),
    "grant.too_high": "{federation} 的{role}只能授予低于自己的角色。",
    "grant.last_admin": (
        "{account} 是 {federation} 的最后一位管理员：请先将另一个账号设为管理员"
        "（运营者随时可以用 fedrank grant 完成）。"
    ),
    # ── security: end ──
    # ── files: begin (keys of the files work go between begin and end) ──
    "sheet.too_costly": "读取 {file} 超过 {seconds} 秒或 {megabytes} MB;请只发送包含成绩的工作簿。",
    "othello.no_state": (
        "{name} 没有轮次:它是为对局报告而开设的,并未以比赛文件提交。请先用 /submit 发送比赛文件。"
    ),
    # ── files: end ──
    # ── chat: begin (keys of the chat work go between begin and end) ──
    "cmd.tournaments": "最近保存的比赛及其代码：/tournaments [项目]",
    "cmd.results": "已保存比赛的成绩：/results <比赛代码或名称>",
    "cmd.h2h": "两名选手之间的对局（围棋、黑白棋）：/h2h <选手> <选手>",
    "tournaments.title": "已保存的比赛（{stored}），按日期从新到旧",
    "tournaments.title_in": "{discipline}：已保存的比赛（{stored}），按日期从新到旧",
    "tournaments.count.one": "{n} 场比赛",
    "tournaments.count.few": "{n} 场比赛",
    "tournaments.count.many": "{n} 场比赛",
    "tournaments.headers": "代码|日期|比赛|人数|版本",
    "tournaments.discipline_header": "项目",
    "tournaments.none": "尚无已保存的比赛。",
    "tournaments.none_in": "{discipline} 尚无已保存的比赛。",
    "tournaments.page": "第 {page} 页，共 {pages} 页。",
    "tournaments.hint": "成绩：/results <代码>；积分依据：/why <代码> [选手]。",
    "results.no_tournament": "没有代码或名称为“{query}”的已保存比赛。",
    "results.choose": "有多场比赛与“{query}”相符，请用代码重新查询：",
    "results.version": "第 {version} 版",
    "results.withdrawn": "该比赛已撤回，其成绩不再计入。",
    "results.empty": "此版本没有参赛者。",
    "results.headers": "名次|选手|得分|所得",
    "results.team_header": "队伍",
    "results.players.one": "{n} 名选手",
    "results.players.few": "{n} 名选手",
    "results.players.many": "{n} 名选手",
    "results.why_hint": "每项积分的计算依据：/why {code} [选手]。",
    "top.bad_date": "“{date}”不是日期，请写成 YYYY-MM-DD。",
    "top.before_first": "{date} 时 {discipline} 尚无排名：第一份排名的日期是 {first}。",
    "top.in_force": "{date} 时有效的排名是 {list_date} 的排名。",
    "top.newer": "此后已发布更新的排名：{latest}（不带日期的 /top）。",
    "h2h.not_found": (
        "无法从“{query}”中识别两名选手。请用编号、EGD PIN 或全名指明每位选手，"
        "含空格的名字请用“;”分隔：{usage}"
    ),
    "h2h.ambiguous": "“{query}”可能指多对选手：{pairs}。请使用选手编号。",
    "h2h.place_based": (
        "{discipline}（{system}）按名次排名，不保存两名选手之间的对局，因此没有交手记录；"
        "交手记录仅适用于围棋和黑白棋。"
    ),
    "h2h.never": "在已保存的比赛中两人未曾交手。",
    "h2h.games.one": "{n} 局",
    "h2h.games.few": "{n} 局",
    "h2h.games.many": "{n} 局",
    "h2h.win.one": "胜 {n} 局",
    "h2h.win.few": "胜 {n} 局",
    "h2h.win.many": "胜 {n} 局",
    "h2h.wins": "{player}：{wins}",
    "h2h.jigo": "和棋：{count}",
    "h2h.draws": "平局：{count}",
    "h2h.won": "{player} 胜",
    "h2h.drawn": "平局",
    "h2h.last": "最近一次交手：{date}，{tournament}（{code}）：{result}。",
    "h2h.headers": "日期|比赛|轮次|结果",
    "h2h.several": "“{name}”对应多名选手：{players}。",
    "codes.saved": "已保存：{name}，第 {version} 版，代码 {code}。",
    # ── chat: end ──
    # ── reports: begin (keys of the reports work go between begin and end) ──
    "cmd.league": "开设计入等级分的围棋俱乐部联赛（棋盘、用时、是否正式）",
    "cmd.closeround": "结束联赛的一轮：计算该轮对局",
    "cmd.mygames": "您自己的对局和报告及其状态",
    "league.bad_colour": "“{colour}”不是颜色：请写 black 或 white。",
    "league.colour_needed": "请说明您执哪一方：/report <赛事> <对手> {result} black（或 white）。",
    "league.round_busy": (
        "其中一名棋手在第 {round} 轮已有计入的对局；请先由主管结束该轮（/closeround）。"
    ),
    "league.bad_setting": "无法理解：{setting}",
    "league.not_go": "{discipline} 不是围棋项目：联赛只计算围棋对局。请使用 /openreports。",
    "league.exists": "该项目中已有赛事 {tournament}：请换一个代码。",
    "league.yes": "正式",
    "league.no": "非正式",
    "league.mode_round": "您用 /closeround 结束一轮时计算对局。",
    "league.mode_immediate": "每盘对局一经计入即刻计算。",
    "league.opened": (
        "联赛 {tournament}（{name}，{discipline}）于 {date} 开设：棋盘 {size}×{size}，基本用时 "
        "{time} 分钟，{official}。棋手报告：/report {tournament} <对手> "
        "<B+R|W+3.5|jigo|win|loss> [black|white]。"
    ),
    "league.unknown": "该项目中没有联赛 {tournament}。",
    "league.immediate": "{tournament} 的每盘对局即刻计算：没有要结束的轮次。",
    "league.round_empty": "{tournament} 第 {round} 轮还没有计入的对局：无可计算。",
    "league.round_closed.one": (
        "{tournament} 第 {round} 轮已结束：计算对局数：{games}，联赛为第 {version} 版。"
    ),
    "league.round_closed.few": (
        "{tournament} 第 {round} 轮已结束：计算对局数：{games}，联赛为第 {version} 版。"
    ),
    "league.round_closed.many": (
        "{tournament} 第 {round} 轮已结束：计算对局数：{games}，联赛为第 {version} 版。"
    ),
    "league.changes": "迄今为止赛事前 → 后的 IK：",
    "league.replays": "重新计算的后续赛事：{count}。",
    "league.use_league": (
        "注意：此处报告的对局会被保存，但不计算等级分。计入等级分的围棋俱乐部赛事请用 /league "
        "{discipline} <代码> size=19 time=60 official=no 开设。"
    ),
    "league.counted_waiting": (
        "报告 #{report} 已计入 {tournament} 第 {round} 轮：主管结束该轮时计算。"
    ),
    "league.counted_rated": "报告 #{report} 已计入并计算：{tournament} 为第 {version} 版。",
    "mygames.no_tournament": "您没有赛事 {tournament}。",
    "mygames.none": "您还没有对局报告。",
    "mygames.title": "您的对局（{count}），第 {page}/{pages} 页：",
    "mygames.next": "下一页",
    "mygames.line": "#{report} {tournament}：对 {opponent} {result} — {state}",
    "mygames.state_reported": "已报告，等待对手",
    "mygames.state_confirmed": "已确认，等待主管",
    "mygames.state_disputed": "有争议",
    "mygames.state_rejected": "已拒绝",
    "mygames.state_rated": "已计算",
    "mygames.state_counted": "已计入（尚未计算）",
    "mygames.state_waiting_round": "已确认，该轮结束时计算",
    "league.bad_size": "无法理解：{setting}（棋盘为 9、13 或 19）",
    "league.reports_opened": (
        "{tournament}（{name}，{discipline}）已开放：棋手用 "
        "/report {tournament} <对手> <B+R|W+3.5|jigo|win|loss> [black|white] 报告对局。"
    ),
    "cmd.roundstatus": "黑白棋一轮的成绩单：棋手已确认的结果与缺少的对局",
    "sheet.state_reported": "已报告（#{report}），等待对手",
    "sheet.state_confirmed": "已确认（#{report}），等待主管",
    "sheet.state_disputed": "有争议（#{report}），由主管决定",
    "sheet.missing": "缺少",
    "sheet.incomplete": (
        "第 {round} 轮未填完：第 {tables} 台没有确认的结果。/roundstatus "
        "显示成绩单；或在命令下方粘贴本轮结果。"
    ),
    "sheet.not_paired": (
        "第 {round} 轮您未与 {opponent} 配对：请报告已公布配对中的对局（/pairing）。"
    ),
    "sheet.discs_needed": "请给出本局的子数，例如 win 40-24。\n用法：{usage}",
    "sheet.held": "第 {round} 轮该台的对局已被报告（#{report}）。",
    "sheet.counted": (
        "报告 #{report} 已确认：对局已记入 {tournament} 第 {round} 轮成绩单；由主管录入本轮。"
    ),
    "sheet.title": "{name}：第 {round} 轮，已确认结果 {done}/{tables}",
    "sheet.headers": "台|黑方|白方|结果",
    "sheet.complete": "结果已齐：/round {tournament} 录入本轮（先预览）。",
    "sheet.enter": "录入本轮",
    "sheet.opened": (
        "棋手报告已公布配对中的对局及子数；双方一致后，对局记入本轮成绩单（/roundstatus "
        "{tournament}），不粘贴内容的 /round {tournament} 即录入本轮。"
    ),
    "cmd.propose": "将俱乐部成绩表发给主管：/propose <项目> + 表格或文件",
    "cmd.proposals": "棋手提交的、等待您决定的成绩表",
    "cmd.proposalaccept": "接受提交的成绩表：即被保存",
    "cmd.proposalreject": "拒绝提交的成绩表，并说明理由",
    "proposal.title": "提交的成绩表 #{proposal}",
    "proposal.accept": "接受",
    "proposal.reject": "拒绝",
    "proposal.not_member": (
        "只有 {federation} 的选手可以提交其成绩表：请先将账号关联到您在该协会的选手（/link）。"
    ),
    "proposal.sent": (
        "提交 #{proposal} 已发给 {federation} 的主管；他们决定后会通知您。他们看到的内容："
    ),
    "proposal.none": "没有等待您决定的成绩表。",
    "proposal.unknown": "没有提交 #{proposal}。",
    "proposal.decided": "提交 #{proposal} 已是“{state}”状态：无需操作。",
    "proposal.waiting": "等待中",
    "proposal.accepted": "已接受",
    "proposal.rejected": "已拒绝",
    "proposal.accepted_notice": "您的提交 #{proposal} 已被接受：{name} 已保存。",
    "proposal.rejected_notice": "您的提交 #{proposal} 被拒绝。理由：{reason}",
    "proposal.accepted_reply": (
        "提交 #{proposal} 已接受：{name} 已保存，第 {version} 版，代码 {code}。"
    ),
    "proposal.rejected_reply": "提交 #{proposal} 已拒绝；已通知提交者。",
    "report.places": (
        "{discipline} 的成绩是名次而非对局：没有可报告的对局。请用 /propose {discipline} "
        "将俱乐部成绩表发给主管（表格放在命令下方，或附文件）。"
    ),
    # ── reports: end ──
    # ── qualify: begin (keys of the qualify work go between begin and end) ──
    "cmd.qualifications": "资格选拔：日期、名额、席位、期限",
    "cmd.qrecord": "登记选手对邀请的答复（电话或当面告知）",
    "cmd.qrestore": "恢复误放弃的名额",
    "cmd.notify": "个人通知的接收方式：Telegram、Discord 或两者",
    "notify.current": "{player}：个人通知发送到 {channel}（已绑定：{accounts}）。",
    "notify.set": "{player}：个人通知现在发送到 {channel}（已绑定：{accounts}）。",
    "notify.not_linked_there": "您尚未绑定 {channel} 账号：绑定之前，通知发送到您的所有账号。",
    "notify.channel_telegram": "Telegram",
    "notify.channel_discord": "Discord",
    "notify.channel_both": "Telegram 和 Discord",
    "qual.no_such": "不存在资格选拔 {id}。",
    "qual.not_open": "资格选拔 {id}（{event}）尚未开始：名单将于 {date} 确定，届时发送邀请。",
    "qual.closed": "资格选拔 {id}（{event}）已结束：赛事已经开始。",
    "qual.unlinked": (
        "您的账号未绑定 {federation} 的选手，因此在资格选拔 {id} 中没有名额。请用 /link "
        "绑定，或请裁判长登记您的答复。"
    ),
    "qual.decline_sure": "您已确认 {event}（资格选拔 {id}）的名额。现在放弃将永久失去该名额。",
    "qual.lose_to": "您的名额将转给 {player}。",
    "qual.lose_unfilled": "替补名单已无人：该名额将空缺。",
    "qual.button_decline_sure": "是，放弃",
    "qual.button_keep": "保留名额",
    "qual.button_record_confirm": "登记：确认",
    "qual.button_record_decline": "登记：放弃",
    "qual.pass_on_text": (
        "{player} 获得了 {discipline} 的名额，但未绑定账号：请今天通知该选手。"
        "须在 {deadline} 之前（15 天内）答复。请用按钮或 /qrecord {id} {fpid} "
        "confirm|decline [备注] 登记答复。"
    ),
    "qual.reminder_pass_on": (
        "提醒：{player} 尚未答复 {event}（资格选拔 {id}），期限为 {deadline}。该选手未绑定账号："
        "请用 /qrecord {id} {fpid} confirm|decline [备注] 登记答复。"
    ),
    "qual.expired_directors": (
        "{player} 未按时答复 {event}（资格选拔 {id}），现已转入替补名单（章程 000 第 3.5 条）。"
    ),
    "qual.expired_deadline": "期限为 {deadline}。",
    "qual.passed_to": "名额转给 {player}，其有 15 天时间答复。",
    "qual.passed_to_nobody": "替补名单已无人：该名额空缺。",
    "qual.undelivered": (
        "发给 {player} 的资格选拔通知（{event}，资格选拔 {id}）未能送达（{platform}：{error}）。"
        "请通过其他方式联系该选手并登记答复。"
    ),
    "qual.recorded_confirm": "{director} 已登记您对 {event}（资格选拔 {id}）的答复：确认名额。",
    "qual.recorded_decline": "{director} 已登记您对 {event}（资格选拔 {id}）的答复：放弃名额。",
    "qual.offer_withdrawn": (
        "此前提供给您的 {event}（资格选拔 {id}）名额已归还给 {player}（其放弃系误操作）。"
        "您仍位于替补名单首位。"
    ),
    "qual.cannot_record": "资格选拔 {id}：{player} 没有等待此答复的名额（状态：{state}）。",
    "qual.recorded": "已登记：{player} 确认 {event}（资格选拔 {id}）的名额。",
    "qual.recorded_declined": "已登记：{player} 放弃 {event}（资格选拔 {id}）的名额。",
    "qual.restore_not_declined": "资格选拔 {id}：{player} 没有放弃名额。",
    "qual.restore_answered": "资格选拔 {id}：无法恢复 {player} 的名额，{other} 已经答复。",
    "qual.restored": "已恢复：{player} 重新获得 {event}（资格选拔 {id}）的名额（{state}）。",
    "qual.late_title": "资格选拔日期 {date} 已过。",
    "qual.late_within_limit": (
        "须在该日期后 7 天内、即 {limit} 之前通知选手（章程 000 第 3.4 条）。"
    ),
    "qual.late_limit_passed": (
        "已过去 {days} 天，通知选手的 7 天期限已于 {limit} 结束（章程 000 第 3.4 条）。"
    ),
    "qual.late_choice_now": (
        "立即通知：确定该日期的名单，今天邀请选手，答复期 15 天（至 {deadline}）。"
    ),
    "qual.late_choice_date": "或按主席团决定设定另一个选拔日期（第 3.3 条）：{command}",
    "qual.button_inform_now": "立即通知",
    "qual.created_now": (
        "已创建资格选拔 {id}：{event}（{discipline}），{event_date}，名额 {quota}"
        "（主席团指定 {presidium} 个）。{date} 的名单现已确定。"
    ),
    "qual.invited_now": "今日邀请：{count} 人；答复期限为 {deadline}。",
    "qual.list_title": "资格选拔 {id}：{event}（{discipline}），{event_date}",
    "qual.list_dates": "选拔日期 {date}，名额 {quota}（主席团 {presidium}）；{state}。",
    "qual.list_places": (
        "名额：已确认 {confirmed}，待答复 {invited}，已放弃 {declined}，转入替补 {reserve}。"
    ),
    "qual.list_awaited": "  {player}：{deadline} 前答复",
    "qual.list_awaited_unlinked": "  {player}：{deadline} 前答复（未绑定账号）",
    "qual.list_yours": "您的名额：{state}；期限 {deadline}。",
    "qual.list_none": "没有与您相关的资格选拔。",
    "qual.list_unlinked": (
        "您的账号未绑定选手，也不是任何协会的裁判长，暂无相关资格选拔。请用 /link 绑定账号。"
    ),
    "qual.list_page.one": "第 {page} / {pages} 页（共 {total} 个选拔）。",
    "qual.list_page.few": "第 {page} / {pages} 页（共 {total} 个选拔）。",
    "qual.list_page.many": "第 {page} / {pages} 页（共 {total} 个选拔）。",
    "qual.button_show": "详情：{id}",
    "qual.window_waiting": "等待选拔日期",
    "qual.window_refused": "名单无法确定",
    "qual.window_open": "进行中",
    "qual.window_filled": "名额已满",
    "qual.window_closed": "已结束",
    "qual.state_waiting": "替补（邀请已撤回）",
    "qual.offer_withdrawn_directors": (
        "提供给 {other} 的 {event}（资格选拔 {id}）名额已归还给 {player}。{other} 未绑定账号："
        "请告知该选手；其重新位于替补名单首位。"
    ),
    # ── qualify: end ──
    # ── console: begin (keys of the console work go between begin and end) ──
    "console.welcome": "fedrank 控制台聊天。/help 列出命令，/quit 退出。",
    "console.paste": "请粘贴表格；以空行或仅含一个 . 的行结束。",
    "console.saved": "[文件已保存：{path}，{size} 字节]",
    "console.no_file": "找不到文件：{path}",
    "console.not_a_file": "{path} 是文件夹，不是文件。",
    "console.unreadable": "无法读取 {path}：{reason}",
    "console.not_saved": "[文件 {file} 未能保存到 {folder}：{reason}]",
    # ── console: end ──
    # ── formats: begin (keys of the formats work go between begin and end) ──
    "sheet.not_workbook": (
        "{file} 不是可读取的工作簿（.xlsx、.xls 或 .ods）；请重新保存，或以 CSV 或文本发送成绩。"
    ),
    "upload.not_text": (
        "{file} 不是 UTF-8、Windows-1251 或 GB18030 文本（第 {line} 行）；"
        "请另存为“CSV UTF-8”或 UTF-8 文本。"
    ),
    "upload.read_text": "文件按 {encoding} 文本读取。",
    "upload.read_csv": "文件按 {encoding} 编码的 CSV 读取，单元格以{separator}分隔。",
    "upload.semicolons": "分号",
    "upload.commas": "逗号",
    "upload.tabs": "制表符",
    # ── formats: end ──
    # ── site: begin (keys of the site work go between begin and end) ──
    "site.name": "等级分排名表",
    "site.home": "所有协会",
    "site.languages": "其他语言",
    "site.language_name": "中文",
    "site.latest": "最新排名表",
    "site.no_list": "尚未发布排名表",
    "site.archive": "全部排名表",
    "site.lists": "已发布的排名表",
    "site.list_title": "{discipline}：{date} 排名表",
    "site.changes_since": "与 {date} 排名表相比的变化。",
    "site.first_list": "该项目的第一份排名表。",
    "site.col_position": "名次",
    "site.col_id": "编号",
    "site.col_player": "选手",
    "site.col_rating": "等级分",
    "site.col_title": "称号",
    "site.col_change": "变化",
    "site.col_date": "日期",
    "site.col_tournament": "比赛",
    "site.col_place": "名次",
    "site.col_award": "所得",
    "site.col_team": "队伍",
    "site.col_since": "起始日期",
    "site.col_reason": "依据",
    "site.col_size": "人数",
    "site.new": "新进",
    "site.tournaments": "比赛",
    "site.current": "当前数据",
    "site.position_of": "在 {date} 排名表中列第 {position} 名（共 {size} 人）。",
    "site.not_listed": "未列入最新排名表（{date}）。",
    "site.title_history": "称号历史",
    "site.rating_history": "等级分历史",
    "site.chart_label": "{player} 在 {discipline} 的等级分（逐期）",
    "site.results": "成绩",
    "site.version": "第 {version} 版",
    "site.held_on": "比赛日期：{date}",
    "site.trace": "每项所得的计算过程",
    "site.no_award": "无所得",
    "site.json": "JSON",
    "site.previous_list": "上一份排名表",
    "site.list_link": "网站上的排名表：{url}",
    # ── site: end ──
}
