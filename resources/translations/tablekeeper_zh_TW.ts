<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW" sourcelanguage="en">
<context>
    <name>ActionCollection</name>
    <message>
        <source>Open {path}</source>
        <translation>開啟 {path}</translation>
    </message>
    <message>
        <source>&amp;New Game…</source>
        <translation>新遊戲(&amp;N)…</translation>
    </message>
    <message>
        <source>Start a new game</source>
        <translation>開始一場新遊戲</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>開啟(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a saved game</source>
        <translation>開啟已儲存的遊戲</translation>
    </message>
    <message>
        <source>Open &amp;Replay…</source>
        <translation>開啟重播(&amp;R)…</translation>
    </message>
    <message>
        <source>Look back at a saved game, move by move</source>
        <translation>逐步回顧一局已存檔的遊戲</translation>
    </message>
    <message>
        <source>&amp;Clear Recent Files</source>
        <translation>清除最近開啟的檔案(&amp;C)</translation>
    </message>
    <message>
        <source>Forget the list of recent files</source>
        <translation>清空最近開啟的檔案清單</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>儲存(&amp;S)</translation>
    </message>
    <message>
        <source>Save the game</source>
        <translation>儲存這場遊戲</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存新檔(&amp;A)…</translation>
    </message>
    <message>
        <source>Save the game under a new name</source>
        <translation>以新的檔名儲存這場遊戲</translation>
    </message>
    <message>
        <source>&amp;Close Game</source>
        <translation>關閉遊戲(&amp;C)</translation>
    </message>
    <message>
        <source>Close the game and go back to the start page</source>
        <translation>關閉遊戲並回到開始頁面</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>結束(&amp;Q)</translation>
    </message>
    <message>
        <source>Close Tablekeeper</source>
        <translation>關閉 Tablekeeper</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>復原(&amp;U)</translation>
    </message>
    <message>
        <source>Take back the last move</source>
        <translation>收回上一步</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Play the move you took back again</source>
        <translation>重新執行剛才收回的那一步</translation>
    </message>
    <message>
        <source>&amp;End Turn</source>
        <translation>結束回合(&amp;E)</translation>
    </message>
    <message>
        <source>Finish your turn</source>
        <translation>結束你的回合</translation>
    </message>
    <message>
        <source>&amp;Cancel Move</source>
        <translation>取消移動(&amp;C)</translation>
    </message>
    <message>
        <source>Put down a picked-up piece</source>
        <translation>放下拿起的棋子</translation>
    </message>
    <message>
        <source>Go to &amp;Decision</source>
        <translation>前往決定(&amp;D)</translation>
    </message>
    <message>
        <source>Move the keyboard focus to the first answer of the pending decision</source>
        <translation>將鍵盤焦點移到待決定事項的第一個選項</translation>
    </message>
    <message>
        <source>&amp;Skip Computer Moves</source>
        <translation>略過電腦行動(&amp;S)</translation>
    </message>
    <message>
        <source>Let the computer players finish at once, without pauses</source>
        <translation>讓電腦玩家立即行動完畢，不再停頓</translation>
    </message>
    <message>
        <source>&amp;Hint</source>
        <translation>提示(&amp;H)</translation>
    </message>
    <message>
        <source>Ask the computer which move it would play for you, and light it on the board</source>
        <translation>請電腦建議你該下哪一步，並在棋盤上標亮</translation>
    </message>
    <message>
        <source>&amp;Review Game</source>
        <translation>回顧本局(&amp;R)</translation>
    </message>
    <message>
        <source>Look back at this game move by move, and play on from any point</source>
        <translation>逐步回顧本局遊戲，並可從任一時點接著玩</translation>
    </message>
    <message>
        <source>Play &amp;Online…</source>
        <translation>線上對戰(&amp;O)…</translation>
    </message>
    <message>
        <source>Sign in with a Matrix account and play with friends on other computers</source>
        <translation>以 Matrix 帳號登入，與其他電腦上的朋友對戰</translation>
    </message>
    <message>
        <source>Replace a Player with the &amp;Computer…</source>
        <translation>由電腦接替玩家(&amp;C)…</translation>
    </message>
    <message>
        <source>A remote player left: a computer player takes their seat from now on</source>
        <translation>遠端玩家離開了：從現在起由電腦接替他的座位</translation>
    </message>
    <message>
        <source>&amp;Confirm End of Turn</source>
        <translation>結束回合前確認(&amp;C)</translation>
    </message>
    <message>
        <source>Ask before a turn ends</source>
        <translation>結束回合前先詢問</translation>
    </message>
    <message>
        <source>&amp;Slow</source>
        <translation>慢(&amp;S)</translation>
    </message>
    <message>
        <source>A long pause before each computer move</source>
        <translation>電腦每次行動前停頓較久</translation>
    </message>
    <message>
        <source>&amp;Normal</source>
        <translation>一般(&amp;N)</translation>
    </message>
    <message>
        <source>A short pause before each computer move</source>
        <translation>電腦每次行動前短暫停頓</translation>
    </message>
    <message>
        <source>&amp;Fast</source>
        <translation>快(&amp;F)</translation>
    </message>
    <message>
        <source>A brief pause before each computer move</source>
        <translation>電腦每次行動前稍微停頓</translation>
    </message>
    <message>
        <source>&amp;Instant</source>
        <translation>立即(&amp;I)</translation>
    </message>
    <message>
        <source>No pause between computer moves</source>
        <translation>電腦行動之間不停頓</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Make the board larger</source>
        <translation>放大圖版</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>縮小(&amp;O)</translation>
    </message>
    <message>
        <source>Make the board smaller</source>
        <translation>縮小圖版</translation>
    </message>
    <message>
        <source>&amp;Fit to Window</source>
        <translation>符合視窗(&amp;F)</translation>
    </message>
    <message>
        <source>Show the whole board</source>
        <translation>顯示整個圖版</translation>
    </message>
    <message>
        <source>Show &amp;Log</source>
        <translation>顯示記錄(&amp;L)</translation>
    </message>
    <message>
        <source>Show or hide the game log</source>
        <translation>顯示或隱藏遊戲記錄</translation>
    </message>
    <message>
        <source>Highlight Le&amp;gend</source>
        <translation>標示說明(&amp;G)</translation>
    </message>
    <message>
        <source>Show or hide the line under the board that explains its coloured edges</source>
        <translation>顯示或隱藏圖版下方說明彩色邊框的那一行</translation>
    </message>
    <message>
        <source>&amp;Win Chances</source>
        <translation>勝率(&amp;W)</translation>
    </message>
    <message>
        <source>Show or hide each player&apos;s chance to win after each move, as the computer estimates it from what everyone can see</source>
        <translation>顯示或隱藏每一步之後各玩家的勝率（電腦只依大家都看得到的資訊估算）</translation>
    </message>
    <message>
        <source>&amp;Rules</source>
        <translation>規則(&amp;R)</translation>
    </message>
    <message>
        <source>Read the rules of the game, by area</source>
        <translation>按章節閱讀本遊戲的規則</translation>
    </message>
    <message>
        <source>&amp;About Tablekeeper</source>
        <translation>關於 Tablekeeper(&amp;A)</translation>
    </message>
    <message>
        <source>Show the version and credits</source>
        <translation>顯示版本與製作資訊</translation>
    </message>
    <message>
        <source>Switch the app to {language}</source>
        <translation>將介面切換為{language}</translation>
    </message>
</context>
<context>
    <name>ActionsDock</name>
    <message>
        <source>Actions</source>
        <translation>行動</translation>
    </message>
    <message>
        <source>No actions to take now.</source>
        <translation>目前沒有可執行的行動。</translation>
    </message>
</context>
<context>
    <name>AmountRow</name>
    <message>
        <source>Confirm</source>
        <translation>確認</translation>
    </message>
    <message>
        <source>From {low} to {high}; Enter confirms</source>
        <translation>從 {low} 到 {high}；按 Enter 確認</translation>
    </message>
</context>
<context>
    <name>BoardView</name>
    <message>
        <source>No game open — File ▸ New Game (Ctrl+N)</source>
        <translation>尚未開啟遊戲 — 檔案 ▸ 新遊戲 (Ctrl+N)</translation>
    </message>
</context>
<context>
    <name>ChoiceDock</name>
    <message>
        <source>Notation: {command}</source>
        <translation>記譜：{command}</translation>
    </message>
    <message>
        <source>Choose ({kind}):</source>
        <translation>請選擇（{kind}）：</translation>
    </message>
    <message>
        <source>Choose:</source>
        <translation>請選擇：</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>決定</translation>
    </message>
    <message>
        <source>or touch a lit place or card on the table</source>
        <translation>或點選桌上亮起的位置或卡牌作答</translation>
    </message>
    <message>
        <source>Touch a lit place or card on the table</source>
        <translation>點選桌上亮起的位置或卡牌</translation>
    </message>
</context>
<context>
    <name>EndGameDialog</name>
    <message>
        <source>Game over</source>
        <translation>遊戲結束</translation>
    </message>
</context>
<context>
    <name>GameSession</name>
    <message>
        <source>Nobody won ({reason}).</source>
        <translation>沒有人獲勝（{reason}）。</translation>
    </message>
    <message>
        <source>{winners} won ({reason}).</source>
        <translation>{winners} 獲勝（{reason}）。</translation>
    </message>
    <message>
        <source>Scores: {scores}.</source>
        <translation>分數：{scores}。</translation>
    </message>
    <message>
        <source>Dropping that there does nothing.</source>
        <translation>放在那裡沒有任何效果。</translation>
    </message>
    <message>
        <source>Chance to win</source>
        <translation>勝率</translation>
    </message>
    <message>
        <source>Commands played</source>
        <translation>已下的指令數</translation>
    </message>
    <message>
        <source>Chance to win (%)</source>
        <translation>勝率（%）</translation>
    </message>
    <message>
        <source>Cannot start this game</source>
        <translation>無法開始這場遊戲</translation>
    </message>
    <message>
        <source>Cannot open the game</source>
        <translation>無法開啟遊戲</translation>
    </message>
    <message>
        <source>The file {file} could not be opened:
{reason}</source>
        <translation>無法開啟檔案 {file}：
{reason}</translation>
    </message>
    <message>
        <source>line {line}: {reason}</source>
        <translation>第 {line} 行：{reason}</translation>
    </message>
    <message>
        <source>Cannot save the game</source>
        <translation>無法儲存遊戲</translation>
    </message>
    <message>
        <source>Choose a file name first.</source>
        <translation>請先選擇檔名。</translation>
    </message>
    <message>
        <source>The file {file} could not be written:
{reason}</source>
        <translation>無法寫入檔案 {file}：
{reason}</translation>
    </message>
    <message>
        <source>Cannot resume the game</source>
        <translation>無法繼續遊戲</translation>
    </message>
    <message>
        <source>The unfinished game in {file} could not be read, so it was set aside as {broken}.
Reason: {reason}</source>
        <translation>無法讀取 {file} 中未完成的遊戲，已將它另存為 {broken}。
原因：{reason}</translation>
    </message>
    <message>
        <source>The game could not be copied to {file}: {reason}</source>
        <translation>無法將遊戲備份到 {file}：{reason}</translation>
    </message>
    <message>
        <source>No game is open.</source>
        <translation>目前沒有開啟的遊戲。</translation>
    </message>
    <message>
        <source>{seat} is played by the computer.</source>
        <translation>{seat} 由電腦操控。</translation>
    </message>
    <message>
        <source>it answered {answer!r}</source>
        <translation>它的回答是 {answer!r}</translation>
    </message>
    <message>
        <source>it tried to play for another seat</source>
        <translation>它試圖替其他座位行動</translation>
    </message>
    <message>
        <source>its move {move} was refused ({reason})</source>
        <translation>它的行動 {move} 被拒絕（{reason}）</translation>
    </message>
    <message>
        <source>a secret choice</source>
        <translation>一個祕密的選擇</translation>
    </message>
    <message>
        <source>The computer player for {seat} could not move: {what}</source>
        <translation>{seat} 的電腦玩家無法行動：{what}</translation>
    </message>
    <message>
        <source>No game open</source>
        <translation>沒有開啟的遊戲</translation>
    </message>
    <message>
        <source>Start or open a game first.</source>
        <translation>請先開始新遊戲或開啟已儲存的遊戲。</translation>
    </message>
    <message>
        <source>Online play needs the matrix-nio package, which is not installed: pip install &quot;matrix-nio[e2e]&quot; ({error})</source>
        <translation>線上對戰需要 matrix-nio 套件，但尚未安裝：pip install &quot;matrix-nio[e2e]&quot;（{error}）</translation>
    </message>
    <message>
        <source>Cannot host this table again</source>
        <translation>無法再次主持這張牌桌</translation>
    </message>
    <message>
        <source>Not the host</source>
        <translation>你不是主持人</translation>
    </message>
    <message>
        <source>Only the host can replace a player.</source>
        <translation>只有主持人可以替換玩家。</translation>
    </message>
    <message>
        <source>That is not one of your moves now.</source>
        <translation>這現在不是你可以走的一步。</translation>
    </message>
    <message>
        <source>Cannot play here</source>
        <translation>無法在這裡遊玩</translation>
    </message>
    <message>
        <source>This account holds no seat at this table.</source>
        <translation>這個帳號在這張牌桌上沒有座位。</translation>
    </message>
    <message>
        <source>The game is over.</source>
        <translation>遊戲已經結束。</translation>
    </message>
    <message>
        <source>You play only your own seat.</source>
        <translation>你只能為自己的座位下指令。</translation>
    </message>
    <message>
        <source>Not sent: {reason}</source>
        <translation>未送出：{reason}</translation>
    </message>
    <message>
        <source>Online game</source>
        <translation>線上遊戲</translation>
    </message>
    <message>
        <source>An online game is kept by its host and its room; it is not saved to a file here.</source>
        <translation>線上遊戲由主持人與其聊天室保存，這裡不會存成檔案。</translation>
    </message>
    <message>
        <source>NOT verified: the revealed seed does not replay this game ({problem}).</source>
        <translation>未通過驗證：公開的種子重播不出這局遊戲（{problem}）。</translation>
    </message>
    <message>
        <source>Verified: the revealed seed replays every move and draw of this game.</source>
        <translation>已驗證：公開的種子重播出這局遊戲的每一步與每次抽取。</translation>
    </message>
</context>
<context>
    <name>GuideCallout</name>
    <message>
        <source>Guide finished</source>
        <translation>導覽完成</translation>
    </message>
    <message>
        <source>Off the guide</source>
        <translation>偏離導覽</translation>
    </message>
    <message>
        <source>Learn to play — step {number} of {steps}</source>
        <translation>學玩遊戲 — 第 {number} 步，共 {steps} 步</translation>
    </message>
    <message>
        <source>Not allowed: {reason} (rule {rule})</source>
        <translation>不允許：{reason}（規則 {rule}）</translation>
    </message>
    <message>
        <source>Not allowed: {reason}</source>
        <translation>不允許：{reason}</translation>
    </message>
    <message>
        <source>That is legal, but the guide suggests: {move}. Undo to go back to the guide, or leave the guide and play on.</source>
        <translation>這步合法，但導覽建議的是：{move}。復原即可回到導覽，或離開導覽繼續遊戲。</translation>
    </message>
    <message>
        <source>Rules: {rule}</source>
        <translation>規則：{rule}</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>關閉</translation>
    </message>
    <message>
        <source>Leave guide</source>
        <translation>離開導覽</translation>
    </message>
</context>
<context>
    <name>GuideRunner</name>
    <message>
        <source>Cannot start the guide</source>
        <translation>無法開始導覽</translation>
    </message>
</context>
<context>
    <name>HandDock</name>
    <message>
        <source>Hand</source>
        <translation>手牌</translation>
    </message>
</context>
<context>
    <name>HandoverScreen</name>
    <message>
        <source>Pass the device to {player}</source>
        <translation>請將裝置交給 {player}</translation>
    </message>
    <message>
        <source>The next view shows what only {player} may see. Everyone else, please look away.</source>
        <translation>接下來的畫面只有 {player} 可以看，其他人請先迴避。</translation>
    </message>
    <message>
        <source>I am {player} — show my view</source>
        <translation>我是 {player} — 顯示我的畫面</translation>
    </message>
</context>
<context>
    <name>HighlightLegend</name>
    <message>
        <source>you can play</source>
        <translation>可以行動</translation>
    </message>
    <message>
        <source>computer&apos;s last move</source>
        <translation>電腦的上一步</translation>
    </message>
    <message>
        <source>just changed</source>
        <translation>剛剛改變</translation>
    </message>
    <message>
        <source>Green edge: click a space that has one, or drop a piece on it, to play there. Hover a space without one to see why not.</source>
        <translation>綠色邊框：點擊有綠框的格子，或把棋子放上去，即可在那裡行動。滑鼠停在沒有綠框的格子上，可看到為什麼不行。</translation>
    </message>
    <message>
        <source>Dashed blue edge: the spaces of the computer&apos;s last move, until it moves again.</source>
        <translation>藍色虛線邊框：電腦上一步用到的格子，直到它再次行動。</translation>
    </message>
    <message>
        <source>Orange flash: spaces that just changed, one after another in the order they changed.</source>
        <translation>橘色閃爍：剛剛改變的格子，依改變的先後逐一閃爍。</translation>
    </message>
    <message>
        <source>View ▸ Highlight Legend hides or shows this line.</source>
        <translation>用「檢視 ▸ 標示說明」隱藏或顯示這一行。</translation>
    </message>
</context>
<context>
    <name>LearnToPlay</name>
    <message>
        <source>Play a first game with a guide that shows each move</source>
        <translation>在導覽逐步示範下玩第一局</translation>
    </message>
</context>
<context>
    <name>LobbyDialog</name>
    <message>
        <source>Looking for invitations…</source>
        <translation>正在尋找邀請…</translation>
    </message>
    <message>
        <source>{name} — from {inviter}</source>
        <translation>{name} — 來自 {inviter}</translation>
    </message>
    <message>
        <source>No invitations yet: ask the host to invite {user}.</source>
        <translation>還沒有邀請：請主持人邀請 {user}。</translation>
    </message>
    <message>
        <source>Joining the game…</source>
        <translation>正在加入遊戲…</translation>
    </message>
    <message>
        <source>{name} — you host it</source>
        <translation>{name} — 你是主持人</translation>
    </message>
    <message>
        <source>{name} — you play a seat</source>
        <translation>{name} — 你坐一個座位</translation>
    </message>
    <message>
        <source>Opening the table again…</source>
        <translation>正在重新開啟牌桌…</translation>
    </message>
    <message>
        <source>Tablekeeper: {game}</source>
        <translation>Tablekeeper：{game}</translation>
    </message>
    <message>
        <source>Creating the game room and inviting the players…</source>
        <translation>正在建立遊戲聊天室並邀請玩家…</translation>
    </message>
    <message>
        <source>Play Online</source>
        <translation>線上對戰</translation>
    </message>
    <message>
        <source>Signed in as {user}</source>
        <translation>已登入為 {user}</translation>
    </message>
    <message>
        <source>Host a new game</source>
        <translation>主持新遊戲</translation>
    </message>
    <message>
        <source>Choose the game and who plays each seat: you, the computer, or a friend by Matrix id. Your computer runs the game: keep it open until the end.</source>
        <translation>選擇遊戲以及每個座位由誰來玩：你、電腦，或以 Matrix ID 指定的朋友。遊戲在你的電腦上執行：請保持開啟直到結束。</translation>
    </message>
    <message>
        <source>&amp;Host a New Game…</source>
        <translation>主持新遊戲(&amp;H)…</translation>
    </message>
    <message>
        <source>Invitations</source>
        <translation>邀請</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>重新整理(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Accept and Join</source>
        <translation>接受並加入(&amp;A)</translation>
    </message>
    <message>
        <source>Your tables</source>
        <translation>你的牌桌</translation>
    </message>
    <message>
        <source>Re&amp;open</source>
        <translation>重新開啟(&amp;O)</translation>
    </message>
</context>
<context>
    <name>LogDock</name>
    <message>
        <source>Rule {rule} — {title}</source>
        <translation>規則 {rule} — {title}</translation>
    </message>
    <message>
        <source>Rule {rule}</source>
        <translation>規則 {rule}</translation>
    </message>
    <message>
        <source>Click a line to see the rule it comes from.</source>
        <translation>點選一行記錄，即可查看它依據的規則。</translation>
    </message>
    <message>
        <source>This line comes from no rule.</source>
        <translation>這行記錄不是出自任何規則。</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>記錄</translation>
    </message>
    <message>
        <source>All players</source>
        <translation>所有玩家</translation>
    </message>
    <message>
        <source>Show the lines of one player only</source>
        <translation>只顯示一位玩家的記錄</translation>
    </message>
    <message>
        <source>Type a command and press Enter</source>
        <translation>輸入指令後按 Enter</translation>
    </message>
    <message>
        <source>Commands use the game&apos;s notation, for example: pass</source>
        <translation>指令使用遊戲的記譜方式，例如：pass</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Computer player stopped</source>
        <translation>電腦玩家已停止</translation>
    </message>
    <message>
        <source>Autosave failed: {reason}</source>
        <translation>自動存檔失敗：{reason}</translation>
    </message>
    <message>
        <source>Saved {file}</source>
        <translation>已儲存 {file}</translation>
    </message>
    <message>
        <source>End Turn</source>
        <translation>結束回合</translation>
    </message>
    <message>
        <source>End your turn now?</source>
        <translation>現在結束你的回合嗎？</translation>
    </message>
    <message>
        <source>Move cancelled</source>
        <translation>已取消移動</translation>
    </message>
    <message>
        <source>development version</source>
        <translation>開發版</translation>
    </message>
    <message>
        <source>About Tablekeeper</source>
        <translation>關於 Tablekeeper</translation>
    </message>
    <message>
        <source>Zoom {percent}%</source>
        <translation>縮放 {percent}%</translation>
    </message>
    <message>
        <source>{reason}

(Rule {rule})</source>
        <translation>{reason}

（規則 {rule}）</translation>
    </message>
    <message>
        <source>Move not allowed</source>
        <translation>不能這樣走</translation>
    </message>
    <message>
        <source>Game over: {outcome}</source>
        <translation>遊戲結束：{outcome}</translation>
    </message>
    <message>
        <source>Answer the choice below the board first</source>
        <translation>請先回答棋盤下方的選擇</translation>
    </message>
    <message>
        <source>Nothing to play on {space} now</source>
        <translation>目前無法在 {space} 行動</translation>
    </message>
    <message>
        <source>Took the shortest path; right-click {space} for the other {count}</source>
        <translation>已走最短路徑；在 {space} 按右鍵可選其他 {count} 條</translation>
    </message>
    <message>
        <source>… and {count} more (right-click)</source>
        <translation>……還有 {count} 項（按右鍵）</translation>
    </message>
    <message>
        <source>Click to play:</source>
        <translation>點擊即可執行：</translation>
    </message>
    <message>
        <source>Not now: {reason}</source>
        <translation>現在不行：{reason}</translation>
    </message>
    <message>
        <source>Looking for a hint…</source>
        <translation>正在找提示…</translation>
    </message>
    <message>
        <source>No hint: {reason}</source>
        <translation>沒有提示：{reason}</translation>
    </message>
    <message>
        <source>A hint is given when it is your turn to decide</source>
        <translation>輪到你決定時才能給提示</translation>
    </message>
    <message>
        <source>Hint: {move}</source>
        <translation>提示：{move}</translation>
    </message>
    <message>
        <source>Tablekeeper {version}

Play {games} with every rule enforced.</source>
        <translation>Tablekeeper {version}

遊玩 {games}，每一條規則都由程式嚴格執行。</translation>
    </message>
    <message>
        <source>Now touch one of the lit places or cards (Esc to start again)</source>
        <translation>接著點選亮起的地點或卡牌（按 Esc 重來）</translation>
    </message>
    <message>
        <source>Not now: {reason} (rule {rule})</source>
        <translation>現在不行：{reason}（規則 {rule}）</translation>
    </message>
    <message>
        <source>Not now: {reason}
(Rule {rule})</source>
        <translation>現在不行：{reason}
（規則 {rule}）</translation>
    </message>
    <message>
        <source>Right-click to read the rule</source>
        <translation>按右鍵閱讀這條規則</translation>
    </message>
    <message>
        <source>Your piece cannot move now</source>
        <translation>你的棋子現在不能移動</translation>
    </message>
    <message>
        <source>{player} (computer): {move}</source>
        <translation>{player}（電腦）：{move}</translation>
    </message>
    <message>
        <source>Take back {move}</source>
        <translation>收回 {move}</translation>
    </message>
    <message>
        <source>Take back the last move</source>
        <translation>收回上一步</translation>
    </message>
    <message>
        <source>Tablekeeper</source>
        <translation>Tablekeeper</translation>
    </message>
    <message>
        <source>Your turn, {player}</source>
        <translation>輪到你了，{player}</translation>
    </message>
    <message>
        <source>Ready — no game open</source>
        <translation>就緒 — 尚未開啟遊戲</translation>
    </message>
    <message>
        <source>Showing what happened, step by step ({keys} shows the rest)</source>
        <translation>正在逐步顯示發生的事（{keys} 顯示其餘）</translation>
    </message>
    <message>
        <source>Waiting for {player}</source>
        <translation>等待 {player}</translation>
    </message>
    <message>
        <source>{player} (computer) is thinking…</source>
        <translation>{player}（電腦）思考中…</translation>
    </message>
    <message>
        <source>{player} to decide</source>
        <translation>輪到 {player} 決定</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就緒</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>檔案(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近開啟(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Game</source>
        <translation>遊戲(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>檢視(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>語言(&amp;L)</translation>
    </message>
    <message>
        <source>Computer &amp;Speed</source>
        <translation>電腦速度(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>說明(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Learn to Play</source>
        <translation>學玩遊戲(&amp;L)</translation>
    </message>
</context>
<context>
    <name>NewGameDialog</name>
    <message>
        <source>Choose exactly one seat for yourself (You).</source>
        <translation>請為自己選擇恰好一個座位（你）。</translation>
    </message>
    <message>
        <source>Enter the Matrix id of the player for {seat}, like @ann:example.org.</source>
        <translation>請輸入 {seat} 玩家的 Matrix ID，例如 @ann:example.org。</translation>
    </message>
    <message>
        <source>Each remote player holds one seat: a Matrix id appears twice.</source>
        <translation>每位遠端玩家只能坐一個座位：有個 Matrix ID 出現了兩次。</translation>
    </message>
    <message>
        <source>Choose at least one remote player (or start a game on this computer instead).</source>
        <translation>請至少選擇一位遠端玩家（或改在這台電腦上開始遊戲）。</translation>
    </message>
    <message>
        <source>New Game</source>
        <translation>新遊戲</translation>
    </message>
    <message>
        <source>No games are installed, so there is nothing to start yet. Reinstall Tablekeeper or add a game, then try again.</source>
        <translation>目前沒有安裝任何遊戲，所以還無法開始。請重新安裝 Tablekeeper 或加入遊戲後再試一次。</translation>
    </message>
    <message>
        <source>&amp;Game:</source>
        <translation>遊戲(&amp;G)：</translation>
    </message>
    <message>
        <source>&amp;Mode:</source>
        <translation>模式(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Players:</source>
        <translation>玩家人數(&amp;P)：</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>種子(&amp;E)：</translation>
    </message>
    <message>
        <source>blank = random</source>
        <translation>留空 = 隨機</translation>
    </message>
    <message>
        <source>The same seed and moves always give the same game</source>
        <translation>相同的種子加上相同的走法，一定會重現同一局遊戲</translation>
    </message>
    <message>
        <source>Seats</source>
        <translation>座位</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>選項</translation>
    </message>
    <message>
        <source>&amp;Start Game</source>
        <translation>開始遊戲(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Open the Table</source>
        <translation>開桌(&amp;O)</translation>
    </message>
    <message>
        <source>Host an Online Game</source>
        <translation>主持線上遊戲</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>{name}:</source>
        <translation>{name}：</translation>
    </message>
    <message>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <source>You play this seat, in this window</source>
        <translation>你在這個視窗裡玩這個座位</translation>
    </message>
    <message>
        <source>Remote player</source>
        <translation>遠端玩家</translation>
    </message>
    <message>
        <source>A friend plays this seat on another computer; enter their Matrix id and they are invited</source>
        <translation>朋友在另一台電腦上玩這個座位；輸入他的 Matrix ID 即會邀請他</translation>
    </message>
    <message>
        <source>Human</source>
        <translation>人類</translation>
    </message>
    <message>
        <source>A person plays this seat</source>
        <translation>由真人玩這個座位</translation>
    </message>
    <message>
        <source>Computer: {level}</source>
        <translation>電腦：{level}</translation>
    </message>
    <message>
        <source>@friend:example.org</source>
        <translation>@friend:example.org</translation>
    </message>
    <message>
        <source>The remote player&apos;s Matrix id</source>
        <translation>遠端玩家的 Matrix ID</translation>
    </message>
    <message>
        <source>Easy</source>
        <translation>簡單</translation>
    </message>
    <message>
        <source>Easy: plays at once the move that looks best now, by rules of thumb; it does not plan ahead</source>
        <translation>簡單：依經驗法則立即下眼前看來最好的一步，不會預先規劃</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>普通</translation>
    </message>
    <message>
        <source>Normal: thinks about half a second a move, playing out many ways the game could go on from what its seat can see (it never peeks)</source>
        <translation>普通：每步思考約半秒，只依自己座位看得到的資訊推演遊戲可能的多種發展（絕不偷看）</translation>
    </message>
    <message>
        <source>Hard</source>
        <translation>困難</translation>
    </message>
    <message>
        <source>Hard: thinks about two seconds a move, the same way as Normal but much further; the strongest player</source>
        <translation>困難：每步思考約兩秒，方法與普通相同但推演得更深；最強的電腦玩家</translation>
    </message>
    <message>
        <source>Plays any legal move at random: for trying out the rules, not for a game</source>
        <translation>隨機下任何合法的一步：用來試玩規則，不適合正式對局</translation>
    </message>
    <message>
        <source>random moves</source>
        <translation>隨機行動</translation>
    </message>
</context>
<context>
    <name>OnlineWindow</name>
    <message>
        <source>Waiting for the host</source>
        <translation>等待主持人</translation>
    </message>
    <message>
        <source>Host away: your move was sent but the host has not answered yet</source>
        <translation>主持人不在：你的一步已送出，但主持人尚未回應</translation>
    </message>
    <message>
        <source>Sent; waiting for the host…</source>
        <translation>已送出，等待主持人…</translation>
    </message>
    <message>
        <source>Your decision</source>
        <translation>輪到你決定</translation>
    </message>
    <message>
        <source>waiting for {players}</source>
        <translation>等待 {players}</translation>
    </message>
    <message>
        <source>waiting for the other players</source>
        <translation>等待其他玩家</translation>
    </message>
    <message>
        <source>Online: connected</source>
        <translation>線上：已連線</translation>
    </message>
    <message>
        <source>Online: the server is throttling, moves arrive slowly</source>
        <translation>線上：伺服器正在限速，指令會較慢送達</translation>
    </message>
    <message>
        <source>Online: offline — reconnecting…</source>
        <translation>線上：離線 — 重新連線中…</translation>
    </message>
    <message>
        <source>Online: disconnected — leave the game and join it again</source>
        <translation>線上：已斷線 — 請離開遊戲後重新加入</translation>
    </message>
    <message>
        <source>Undo is not offered in an online game: every player shares the game</source>
        <translation>線上遊戲不提供復原：這局遊戲由所有玩家共享</translation>
    </message>
    <message>
        <source>host</source>
        <translation>主持人</translation>
    </message>
    <message>
        <source>online</source>
        <translation>線上</translation>
    </message>
    <message>
        <source>{game} — {role}, you play {seat} — Tablekeeper</source>
        <translation>{game} — {role}，你玩 {seat} — Tablekeeper</translation>
    </message>
    <message>
        <source>Waiting for the host to send the game to this seat…</source>
        <translation>等待主持人把遊戲送到這個座位…</translation>
    </message>
    <message>
        <source>Replace a Player</source>
        <translation>替換玩家</translation>
    </message>
    <message>
        <source>Which player left? A computer player takes the seat.</source>
        <translation>哪位玩家離開了？由電腦接替他的座位。</translation>
    </message>
    <message>
        <source>Cannot replace the player</source>
        <translation>無法替換玩家</translation>
    </message>
    <message>
        <source>{player} is now played by the computer</source>
        <translation>{player} 現在由電腦來玩</translation>
    </message>
    <message>
        <source>&amp;Leave the Online Game</source>
        <translation>離開線上遊戲(&amp;L)</translation>
    </message>
</context>
<context>
    <name>PlayFromHereDialog</name>
    <message>
        <source>Play from Here</source>
        <translation>從此處開始玩</translation>
    </message>
    <message>
        <source>A new game starts from this position; the game you are reviewing stays as it was.</source>
        <translation>將從這個局面開始一局新遊戲；你正在回顧的遊戲保持原樣。</translation>
    </message>
    <message>
        <source>The game is still being played, so everything you could not see at this point (the order of the decks, the other players&apos; hidden cards) is dealt again at random, and the dice and draws still to come are new.</source>
        <translation>這局遊戲還在進行中，因此你在此時看不到的一切（牌堆的順序、其他玩家的隱藏卡牌）都會重新隨機發出，之後的擲骰與抽牌也都是新的。</translation>
    </message>
    <message>
        <source>&amp;Keep the real order of everything hidden (the game is over)</source>
        <translation>保留所有隱藏事物的真實順序（遊戲已結束）(&amp;K)</translation>
    </message>
    <message>
        <source>The new game goes on with the same decks, hidden cards and draws as the real game had</source>
        <translation>新遊戲沿用真實遊戲的牌堆、隱藏卡牌與抽牌</translation>
    </message>
    <message>
        <source>&amp;Deal everything hidden again at random</source>
        <translation>將所有隱藏事物重新隨機發出(&amp;D)</translation>
    </message>
    <message>
        <source>What your seat could not see is shuffled again, and the dice and draws still to come are new</source>
        <translation>你的座位看不到的一切會重新洗牌，之後的擲骰與抽牌也都是新的</translation>
    </message>
    <message>
        <source>It is saved as its own game: {name}</source>
        <translation>它會另存為一局獨立的遊戲：{name}</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>開始玩(&amp;P)</translation>
    </message>
    <message>
        <source>Start the new game</source>
        <translation>開始新遊戲</translation>
    </message>
</context>
<context>
    <name>PlayerBoard</name>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source>{n} face down</source>
        <translation>{n} 張牌背朝上</translation>
    </message>
</context>
<context>
    <name>PlayerBoardsDock</name>
    <message>
        <source>Players</source>
        <translation>玩家</translation>
    </message>
</context>
<context>
    <name>ReviewSession</name>
    <message>
        <source>Cannot review the game</source>
        <translation>無法回顧這局遊戲</translation>
    </message>
    <message>
        <source>No game is open.</source>
        <translation>沒有開啟的遊戲。</translation>
    </message>
    <message>
        <source>Onlooker</source>
        <translation>旁觀者</translation>
    </message>
    <message>
        <source>Everyone (all open)</source>
        <translation>所有人（全部公開）</translation>
    </message>
    <message>
        <source>Game over</source>
        <translation>遊戲結束</translation>
    </message>
    <message>
        <source>{players} to decide</source>
        <translation>輪到 {players} 決定</translation>
    </message>
    <message>
        <source>{parent} - from move {move}</source>
        <translation>{parent} - 從第 {move} 步起</translation>
    </message>
    <message>
        <source>Cannot play from here</source>
        <translation>無法從此處開始玩</translation>
    </message>
    <message>
        <source>The file {file} could not be written:
{reason}</source>
        <translation>無法寫入檔案 {file}：
{reason}</translation>
    </message>
</context>
<context>
    <name>ReviewWindow</name>
    <message>
        <source>Click to go to the position after this move</source>
        <translation>點一下，前往這一步之後的局面</translation>
    </message>
    <message>
        <source>Review — {game}</source>
        <translation>回顧 — {game}</translation>
    </message>
    <message>
        <source>Moves</source>
        <translation>步驟</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>桌面</translation>
    </message>
    <message>
        <source>The new game is saved as {file}.

The game being played has changes that are not saved. Leave it and play the new game now?</source>
        <translation>新遊戲已另存為 {file}。

正在進行的遊戲有尚未儲存的變更。要離開它，現在就玩新遊戲嗎？</translation>
    </message>
    <message>
        <source>Play from Here</source>
        <translation>從此處開始玩</translation>
    </message>
</context>
<context>
    <name>RulesDialog</name>
    <message>
        <source>The rules reference has no text for rule {rule} yet.</source>
        <translation>規則參考尚未收錄規則 {rule} 的說明。</translation>
    </message>
    <message>
        <source>The rules reference of {game} could not be read:</source>
        <translation>無法讀取{game}的規則參考：</translation>
    </message>
    <message>
        <source>The rules reference of {game} is not written yet.</source>
        <translation>{game}的規則參考尚未撰寫。</translation>
    </message>
    <message>
        <source>No rule matches “{query}”.</source>
        <translation>沒有符合「{query}」的規則。</translation>
    </message>
    <message>
        <source>Rules matching “{query}”: {count}</source>
        <translation>符合「{query}」的規則：{count} 條</translation>
    </message>
    <message>
        <source>&amp;Game:</source>
        <translation>遊戲(&amp;G)：</translation>
    </message>
    <message>
        <source>Search the rules: words or a rule ID</source>
        <translation>搜尋規則：輸入字詞或規則編號</translation>
    </message>
    <message>
        <source>Shows the rules holding every word you type, or the rule whose ID you type</source>
        <translation>列出包含你輸入的每個字詞的規則，或編號與你輸入相符的那條規則</translation>
    </message>
    <message>
        <source>Area</source>
        <translation>章節</translation>
    </message>
    <message>
        <source>IDs</source>
        <translation>編號</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>規則</translation>
    </message>
    <message>
        <source>Rules — {game}</source>
        <translation>規則 — {game}</translation>
    </message>
</context>
<context>
    <name>SignInDialog</name>
    <message>
        <source>Enter the homeserver&apos;s address, like https://matrix.org.</source>
        <translation>請輸入主伺服器的網址，例如 https://matrix.org。</translation>
    </message>
    <message>
        <source>Enter your user name, like ann or @ann:matrix.org.</source>
        <translation>請輸入使用者名稱，例如 ann 或 @ann:matrix.org。</translation>
    </message>
    <message>
        <source>Enter your password or an access token.</source>
        <translation>請輸入密碼或存取權杖。</translation>
    </message>
    <message>
        <source>Signing in to {server}…</source>
        <translation>正在登入 {server}…</translation>
    </message>
    <message>
        <source>Could not sign in: {reason}</source>
        <translation>無法登入：{reason}</translation>
    </message>
    <message>
        <source>Play Online — Sign In</source>
        <translation>線上對戰 — 登入</translation>
    </message>
    <message>
        <source>Sign in with a Matrix account to play with friends on other computers. Any Matrix homeserver will do; the game travels in a room you share.</source>
        <translation>以 Matrix 帳號登入，與其他電腦上的朋友對戰。任何 Matrix 主伺服器都可以；遊戲在你們共用的聊天室裡傳遞。</translation>
    </message>
    <message>
        <source>&amp;Homeserver:</source>
        <translation>主伺服器(&amp;H)：</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>使用者(&amp;U)：</translation>
    </message>
    <message>
        <source>&amp;Password:</source>
        <translation>密碼(&amp;P)：</translation>
    </message>
    <message>
        <source>or access &amp;token:</source>
        <translation>或存取權杖(&amp;T)：</translation>
    </message>
    <message>
        <source>ann or @ann:matrix.org</source>
        <translation>ann 或 @ann:matrix.org</translation>
    </message>
    <message>
        <source>never stored</source>
        <translation>絕不儲存</translation>
    </message>
    <message>
        <source>instead of the password</source>
        <translation>代替密碼</translation>
    </message>
    <message>
        <source>The homeserver and user are remembered; the access token is kept in your desktop&apos;s keyring, so next time you need no password.</source>
        <translation>會記住主伺服器與使用者；存取權杖保存在桌面的鑰匙圈中，下次不必再輸入密碼。</translation>
    </message>
    <message>
        <source>The homeserver and user are remembered. The access token is not remembered (no desktop keyring is available): you will sign in again next time.</source>
        <translation>會記住主伺服器與使用者。存取權杖不會被記住（沒有可用的桌面鑰匙圈）：下次需要重新登入。</translation>
    </message>
    <message>
        <source>&amp;Sign In</source>
        <translation>登入(&amp;S)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>StartPage</name>
    <message>
        <source>1 player</source>
        <translation>1 位玩家</translation>
    </message>
    <message>
        <source>{count} players</source>
        <translation>{count} 位玩家</translation>
    </message>
    <message>
        <source>{low}–{high} players</source>
        <translation>{low}–{high} 位玩家</translation>
    </message>
    <message>
        <source>{mode}: {players}</source>
        <translation>{mode}：{players}</translation>
    </message>
    <message>
        <source>Tablekeeper</source>
        <translation>Tablekeeper</translation>
    </message>
    <message>
        <source>Board games with every rule kept for you. Choose a game to set up the seats and options, or carry on with a saved one.</source>
        <translation>每條規則都替你把關的桌上遊戲。選一款遊戲來設定座位與選項，或繼續一場已儲存的遊戲。</translation>
    </message>
    <message>
        <source>Resume the unfinished game</source>
        <translation>繼續未完成的遊戲</translation>
    </message>
    <message>
        <source>Carry on where you stopped: Tablekeeper kept the game you left unfinished.</source>
        <translation>從上次停下的地方繼續：Tablekeeper 保留了你未完成的遊戲。</translation>
    </message>
    <message>
        <source>New game</source>
        <translation>新遊戲</translation>
    </message>
    <message>
        <source>No games are installed, so there is nothing to start yet.</source>
        <translation>尚未安裝任何遊戲，目前沒有可開始的遊戲。</translation>
    </message>
    <message>
        <source>Set up a new game of {game}</source>
        <translation>設定一場新的{game}</translation>
    </message>
    <message>
        <source>Recent games</source>
        <translation>最近的遊戲</translation>
    </message>
    <message>
        <source>Open {file}</source>
        <translation>開啟 {file}</translation>
    </message>
    <message>
        <source>&amp;Open a Saved Game…</source>
        <translation>開啟已儲存的遊戲(&amp;O)…</translation>
    </message>
    <message>
        <source>Play O&amp;nline…</source>
        <translation>線上對戰(&amp;N)…</translation>
    </message>
    <message>
        <source>Sign in with a Matrix account and play with friends on other computers</source>
        <translation>以 Matrix 帳號登入，與其他電腦上的朋友對戰</translation>
    </message>
</context>
<context>
    <name>TableDock</name>
    <message>
        <source>{who}: {die} — &lt;b&gt;{face}&lt;/b&gt;</source>
        <translation>{who}：{die}——&lt;b&gt;{face}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Last roll:</source>
        <translation>上一次擲骰：</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source>{n} cards</source>
        <translation>{n} 張</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>桌面</translation>
    </message>
</context>
<context>
    <name>Timeline</name>
    <message>
        <source>Move {step} of {count}</source>
        <translation>第 {step} 步，共 {count} 步</translation>
    </message>
    <message>
        <source>Round {round}</source>
        <translation>第 {round} 輪</translation>
    </message>
    <message>
        <source>Go to the start of the game (Home)</source>
        <translation>回到遊戲開始 (Home)</translation>
    </message>
    <message>
        <source>Back to the start of the round (Page Up)</source>
        <translation>回到本輪開始 (Page Up)</translation>
    </message>
    <message>
        <source>Back to the start of the turn (Page Up)</source>
        <translation>回到本回合開始 (Page Up)</translation>
    </message>
    <message>
        <source>Back one move (Left)</source>
        <translation>後退一步 (←)</translation>
    </message>
    <message>
        <source>Play the game on from here at the chosen speed (Space)</source>
        <translation>以所選速度從此處繼續播放 (空白鍵)</translation>
    </message>
    <message>
        <source>Forward one move (Right)</source>
        <translation>前進一步 (→)</translation>
    </message>
    <message>
        <source>Forward to the next round (Page Down)</source>
        <translation>前進到下一輪 (Page Down)</translation>
    </message>
    <message>
        <source>Forward to the next turn (Page Down)</source>
        <translation>前進到下一回合 (Page Down)</translation>
    </message>
    <message>
        <source>Go to the last move (End)</source>
        <translation>前往最後一步 (End)</translation>
    </message>
    <message>
        <source>Drag to any point of the game</source>
        <translation>拖曳到遊戲的任一時點</translation>
    </message>
    <message>
        <source>{speed} moves/s</source>
        <translation>每秒 {speed} 步</translation>
    </message>
    <message>
        <source>How fast Play goes on</source>
        <translation>播放的速度</translation>
    </message>
    <message>
        <source>&amp;View of:</source>
        <translation>檢視視角(&amp;V)：</translation>
    </message>
    <message>
        <source>Whose view to show: any player&apos;s, or everyone&apos;s, once the game is over</source>
        <translation>要顯示誰的視角：遊戲結束後可選任一玩家或所有人</translation>
    </message>
    <message>
        <source>A game still being played is shown only as you saw it</source>
        <translation>進行中的遊戲只會以你當時看到的樣子顯示</translation>
    </message>
    <message>
        <source>Play from &amp;Here…</source>
        <translation>從此處開始玩(&amp;H)…</translation>
    </message>
    <message>
        <source>Start a new game that goes on from this position</source>
        <translation>從這個局面開始一局新遊戲</translation>
    </message>
</context>
<context>
    <name>TurnBanner</name>
    <message>
        <source>Click to close</source>
        <translation>點擊即可關閉</translation>
    </message>
</context>
<context>
    <name>WinChanceDock</name>
    <message>
        <source>Win Chances</source>
        <translation>勝率</translation>
    </message>
    <message>
        <source>Each player&apos;s chance to win shows here after the first moves, as the computer estimates it from what everyone can see.</source>
        <translation>開局幾步之後，這裡會顯示各玩家的勝率，由電腦只依大家都看得到的資訊估算。</translation>
    </message>
</context>
<context>
    <name>app</name>
    <message>
        <source>A report for the developers was saved as {path}; please send it to us.</source>
        <translation>已為開發者存下一份報告：{path}；請寄給我們。</translation>
    </message>
    <message>
        <source>No report could be saved.</source>
        <translation>無法存下報告。</translation>
    </message>
    <message>
        <source>Something went wrong</source>
        <translation>發生問題</translation>
    </message>
    <message>
        <source>Tablekeeper ran into a problem it did not expect, so the last action was not completed. Your game is still open; saving it now is a good idea.

Details: {error}</source>
        <translation>Tablekeeper 遇到未預期的問題，上一個動作沒有完成。您的遊戲仍然開著，建議現在先儲存。

詳細資訊：{error}</translation>
    </message>
</context>
<context>
    <name>dialogs</name>
    <message>
        <source>Unfinished game</source>
        <translation>未完成的遊戲</translation>
    </message>
    <message>
        <source>Resume the unfinished game?</source>
        <translation>要繼續未完成的遊戲嗎？</translation>
    </message>
    <message>
        <source>Tablekeeper stopped while a game was in progress. If you choose No, that game is discarded.</source>
        <translation>Tablekeeper 上次在遊戲進行中結束。若選擇「否」，該遊戲將被捨棄。</translation>
    </message>
    <message>
        <source>Open Game</source>
        <translation>開啟遊戲</translation>
    </message>
    <message>
        <source>Save Game</source>
        <translation>儲存遊戲</translation>
    </message>
    <message>
        <source>Notation: {command}</source>
        <translation>記譜：{command}</translation>
    </message>
    <message>
        <source>Tablekeeper games (*{suffix});;All files (*)</source>
        <translation>Tablekeeper 遊戲 (*{suffix});;所有檔案 (*)</translation>
    </message>
</context>
<context>
    <name>rule_links</name>
    <message>
        <source>Rule {rule}…</source>
        <translation>規則 {rule}…</translation>
    </message>
    <message>
        <source>Read this rule in the rules reference</source>
        <translation>在規則參考中閱讀這條規則</translation>
    </message>
</context>
</TS>
