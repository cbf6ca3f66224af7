<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP" sourcelanguage="en">
<context>
    <name>CommandLine</name>
    <message>
        <location filename="../gui/app/command_line.cpp" line="+9"/>
        <source>Tessera runs GGUF language models on your GPUs and lets you chat with them.</source>
        <translation>Tessera は GGUF 言語モデルを GPU で実行し、モデルとチャットできるようにします。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open and load the GGUF model FILE.</source>
        <translation>GGUF モデル「ファイル」を開いて読み込みます。</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+2"/>
        <source>FILE</source>
        <translation>ファイル</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>A GGUF model to open (same as --model).</source>
        <translation>開く GGUF モデル（--model と同じ）。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>[FILE]</source>
        <translation>[ファイル]</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Give one model file, either with --model or as the only argument.</source>
        <translation>モデルファイルは 1 つだけ、--model で指定するか唯一の引数として指定してください。</translation>
    </message>
</context>
<context>
    <name>ConversationIo</name>
    <message>
        <location filename="../gui/history/conversation_io.cpp" line="+123"/>
        <source>%1 is not valid JSON: %2 at byte %3.</source>
        <translation>%1 は有効な JSON ではありません：バイト %3 で %2。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 is not a Tessera conversation (expected &quot;format&quot;: &quot;%2&quot;).</source>
        <translation>%1 は Tessera の会話ではありません（&quot;format&quot;: &quot;%2&quot; が必要です）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 was written by a newer Tessera (conversation version %2; this version reads %3).</source>
        <translation>%1 は新しいバージョンの Tessera で書かれています（会話バージョン %2、このバージョンが読めるのは %3 まで）。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Message %1 in %2 has role &quot;%3&quot;; expected &quot;user&quot; or &quot;assistant&quot;.</source>
        <translation>%2 のメッセージ %1 のロールが &quot;%3&quot; です。&quot;user&quot; または &quot;assistant&quot; である必要があります。</translation>
    </message>
    <message>
        <location line="+20"/>
        <location line="+5"/>
        <source>Cannot write %1: %2</source>
        <translation>%1 に書き込めません：%2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot read %1: %2</source>
        <translation>%1 を読み込めません：%2</translation>
    </message>
</context>
<context>
    <name>ConversationStore</name>
    <message>
        <location filename="../gui/history/conversation_store.cpp" line="+57"/>
        <source>Empty conversation</source>
        <translation>空の会話</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Cannot create the folder %1 for conversations.</source>
        <translation>会話用のフォルダー %1 を作成できません。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Cannot delete %1: %2</source>
        <translation>%1 を削除できません：%2</translation>
    </message>
</context>
<context>
    <name>DisplayFormat</name>
    <message>
        <location filename="../gui/common/display_format.cpp" line="+17"/>
        <source>%1 B</source>
        <extracomment>A parameter count in billions (&quot;7.24 B&quot;), as model sizes are usually written.</extracomment>
        <translation>%1 B</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 M</source>
        <extracomment>A parameter count in millions (&quot;3.7 M&quot;).</extracomment>
        <translation>%1 M</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 K</source>
        <extracomment>A parameter count in thousands (&quot;260.0 K&quot;).</extracomment>
        <translation>%1 K</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 s</source>
        <extracomment>A duration under a minute (&quot;12 s&quot;).</extracomment>
        <translation>%1 秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 min %2 s</source>
        <extracomment>A duration in minutes and seconds (&quot;3 min 5 s&quot;).</extracomment>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>the CPU (%1 threads, %2 KV cache, context %3)</source>
        <extracomment>The CPU backend: threads, the KV cache&apos;s number type (&quot;F16&quot;), the context in tokens.</extracomment>
        <translation>CPU（%1 スレッド、KV キャッシュ %2、コンテキスト %3）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Prompt: —</source>
        <extracomment>A figure under a reply that is not known or did not happen.</extracomment>
        <translation>プロンプト：—</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Prompt: %1 tok</source>
        <extracomment>Prompt tokens without a rate (nobody measured how long they took).</extracomment>
        <translation>プロンプト：%1 tok</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Prompt: %1 tok at %2 tok/s</source>
        <translation>プロンプト：%1 tok（%2 tok/s）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, %2 tok cached</source>
        <extracomment>After &quot;Prompt: 12 tok at 950.3 tok/s&quot;: prompt tokens reused from the cache, not read again.</extracomment>
        <translation>%1、キャッシュ済み %2 tok</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Generation: —</source>
        <translation>生成：—</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Generation: %1 tok at %2 tok/s</source>
        <translation>生成：%1 tok（%2 tok/s）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Generation: %1 tok</source>
        <extracomment>A reply of a single token: no rate (it is measured between tokens).</extracomment>
        <translation>生成：%1 tok</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (%2 thinking)</source>
        <extracomment>After &quot;Generation: 120 tok at 45.0 tok/s&quot;: how many of those tokens the model spent thinking.</extracomment>
        <translation>%1（うち思考 %2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>First token: %1 s</source>
        <translation>最初のトークン：%1 秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>First token: —</source>
        <translation>最初のトークン：—</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 · %2 · %3</source>
        <extracomment>The three timing figures shown under a reply, separated.</extracomment>
        <translation>%1 · %2 · %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Continued past a full context (%1×, %2 earlier tok forgotten)</source>
        <extracomment>Under a reply that went on past a full context: %1 = how often, %2 = tokens forgotten.</extracomment>
        <translation>コンテキストが満杯になった後も続行（%1 回、以前の %2 tok を忘却）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Earlier messages left out to fit the context (%1 messages, %2 tok)</source>
        <extracomment>Under a reply: the context overflow policy left earlier messages out of what the model saw.</extracomment>
        <translation>コンテキストに収めるため以前のメッセージを省略（%1 件、%2 tok）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Part of the conversation left out to fit the context (%1 tok)</source>
        <extracomment>Under a reply: the overflow policy cut tokens out of the middle of the conversation (no whole message).</extracomment>
        <translation>コンテキストに収めるため会話の一部を省略（%1 tok）</translation>
    </message>
</context>
<context>
    <name>ErrorTexts</name>
    <message>
        <location filename="../gui/common/error_text.cpp" line="+12"/>
        <source>The file is damaged or is not a GGUF model. Download it again or open another file.</source>
        <translation>ファイルが破損しているか、GGUF モデルではありません。もう一度ダウンロードするか、別のファイルを開いてください。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tessera cannot run this model yet. Choose a model with a supported architecture and tensor types (for example a llama, mistral or qwen2 model in F16, Q8_0, Q4_K or Q6_K).</source>
        <translation>Tessera はこのモデルをまだ実行できません。対応しているアーキテクチャとテンソル型のモデルを選んでください（例：F16、Q8_0、Q4_K、Q6_K の llama、mistral、qwen2 モデル）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose a smaller context length, a more strongly quantized model, or spread the model over more GPUs.</source>
        <translation>コンテキスト長を短くするか、より強く量子化されたモデルを選ぶか、モデルをより多くの GPU に分散してください。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check that the NVIDIA driver is working (nvidia-smi), then try again.</source>
        <translation>NVIDIA ドライバーが動作していることを確認してから（nvidia-smi）、もう一度お試しください。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing was loaded. Press Load to start again.</source>
        <translation>何も読み込まれていません。「読み込む」を押してやり直してください。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check that the file exists and that you may read it.</source>
        <translation>ファイルが存在し、読み取り権限があることを確認してください。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Check the settings and try again.</source>
        <translation>設定を確認して、もう一度お試しください。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Loading %1 was cancelled</source>
        <translation>%1 の読み込みはキャンセルされました</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 does not fit in memory</source>
        <translation>%1 はメモリに収まりません</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is not supported</source>
        <translation>%1 には対応していません</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is not a valid model file</source>
        <translation>%1 は有効なモデルファイルではありません</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not load %1</source>
        <translation>%1 を読み込めませんでした</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 is still loaded: the chat goes on with it. %2</source>
        <extracomment>After a failed load: %1 is the model that was loaded before and still is; %2 the advice.</extracomment>
        <translation>%1 は読み込まれたままです。チャットはそのまま続けられます。%2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Let the conversation go on: choose Truncate middle or Rolling window beside the context meter, and the model forgets older messages. Or start a new conversation (New Conversation), or load the model with a larger context (Context in the model panel, then Load).</source>
        <extracomment>&quot;Truncate middle&quot;, &quot;Rolling window&quot; and &quot;New Conversation&quot; are the chat&apos;s choices and button, &quot;Context&quot; the model panel&apos;s field: use their translations.</extracomment>
        <translation>会話を続けるには、コンテキストメーターの横で「中間を切り詰め」または「ローリングウィンドウ」を選ぶと、モデルは古いメッセージを忘れます。または新しい会話を始める（「新しい会話」）か、より大きなコンテキストでモデルを読み込んでください（モデルパネルの「コンテキスト長」を設定してから「読み込む」）。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The conversation fills the model&apos;s context</source>
        <translation>会話がモデルのコンテキストを使い切りました</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The last reply was cut off: all %1 tokens of the context are used, so nothing more fits.</source>
        <translation>最後の応答は途中で切れました：コンテキストの %1 トークンをすべて使い切ったため、これ以上は入りません。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The conversation no longer fits the model&apos;s context</source>
        <translation>会話がモデルのコンテキストに収まらなくなりました</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The reply ran out of memory</source>
        <translation>応答の生成中にメモリが不足しました</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The reply could not be generated</source>
        <translation>応答を生成できませんでした</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Start a new conversation or load the model with a longer context.</source>
        <translation>新しい会話を始めるか、より長いコンテキストでモデルを読み込んでください。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cannot open %1</source>
        <translation>%1 を開けません</translation>
    </message>
</context>
<context>
    <name>MemoryCheck</name>
    <message>
        <location filename="../gui/models/memory_check.cpp" line="+45"/>
        <source>%1 may not fit in memory</source>
        <translation>%1 はメモリに収まらない可能性があります</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Loading it on the CPU needs about %1 (weights and context), but only %2 of memory is available.</source>
        <extracomment>Planned bytes of the load, then the bytes the system has available (&quot;36.20 GiB&quot;, &quot;23.10 GiB&quot;).</extracomment>
        <translation>CPU で読み込むには約 %1（重みとコンテキスト）が必要ですが、使用可能なメモリは %2 しかありません。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose a smaller or more strongly quantized model, or a shorter context. Loading anyway can make the computer swap until it barely responds.</source>
        <translation>より小さいモデルか、より強く量子化されたモデル、または短いコンテキストを選んでください。このまま読み込むと、スワップが多発してコンピューターがほとんど応答しなくなることがあります。</translation>
    </message>
</context>
<context>
    <name>ModelProblems</name>
    <message>
        <location filename="../gui/models/model_preview.cpp" line="+49"/>
        <source>Damaged or not a GGUF file</source>
        <translation>破損しているか GGUF ファイルではありません</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Vocabulary only: no weights</source>
        <extracomment>A GGUF file with a tokenizer&apos;s vocabulary but no tensors (no model to run).</extracomment>
        <translation>語彙のみ：重みなし</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unsupported architecture: %1</source>
        <translation>未対応のアーキテクチャ：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Unsupported tensor type: %1</source>
        <translation>未対応のテンソル型：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Incomplete or malformed model</source>
        <translation>不完全または不正なモデル</translation>
    </message>
</context>
<context>
    <name>OverflowPolicyTexts</name>
    <message>
        <location filename="../gui/chat/overflow_policy_chooser.cpp" line="+11"/>
        <source>Stop</source>
        <extracomment>Context overflow policy: the reply stops when the model&apos;s context is full.</extracomment>
        <translation>停止</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Truncate middle</source>
        <extracomment>Context overflow policy: keep the start of the conversation and the latest messages.</extracomment>
        <translation>中間を切り詰め</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rolling window</source>
        <extracomment>Context overflow policy: keep only the latest messages (and the system prompt).</extracomment>
        <translation>ローリングウィンドウ</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>When the context is full, the reply stops and the conversation cannot go on.</source>
        <translation>コンテキストが満杯になると、応答は止まり、会話を続けられません。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>When the context is full, the model keeps the system prompt, the first exchange and the most recent messages, and forgets the ones in between.</source>
        <translation>コンテキストが満杯になると、モデルはシステムプロンプト、最初のやり取り、最新のメッセージを保持し、その間のメッセージを忘れます。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>When the context is full, the model keeps the system prompt and the most recent messages, and forgets the oldest.</source>
        <translation>コンテキストが満杯になると、モデルはシステムプロンプトと最新のメッセージを保持し、最も古いメッセージを忘れます。</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ChatInput</name>
    <message>
        <location filename="../gui/chat/chat_input.cpp" line="+16"/>
        <source>Write a message… (Enter sends, Shift+Enter for a new line)</source>
        <translation>メッセージを入力…（Enter で送信、Shift+Enter で改行）</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ChatPanel</name>
    <message>
        <location filename="../gui/chat/chat_panel.cpp" line="+103"/>
        <source>Send</source>
        <translation>送信</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Regenerate</source>
        <translation>再生成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New Conversation</source>
        <translation>新しい会話</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The conversation holds %1 of the %2 tokens the model can keep in mind. When they are used up, what happens depends on the policy beside this meter: the reply stops, or older messages are forgotten.</source>
        <translation>この会話は、モデルが覚えておける %2 トークンのうち %1 を使っています。使い切ったときの動作はこのメーターの横の設定で決まります：応答が止まるか、古いメッセージが忘れられます。</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Send the message (Enter)</source>
        <translation>メッセージを送信（Enter）</translation>
    </message>
    <message>
        <location line="-56"/>
        <source>Stop the reply being generated (Esc)</source>
        <translation>生成中の応答を停止（Esc）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Discard the last reply and generate a new one</source>
        <translation>最後の応答を破棄して新しく生成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start a new, empty conversation</source>
        <translation>新しい空の会話を開始</translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+3"/>
        <source>Context: %1 / %2 tok</source>
        <extracomment>The context meter under the chat: tokens the conversation holds, of the model&apos;s context.</extracomment>
        <translation>コンテキスト：%1 / %2 tok</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Load a model first (Load in the model panel)</source>
        <translation>先にモデルを読み込んでください（モデルパネルの「読み込む」）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wait until the model has loaded</source>
        <translation>モデルの読み込みが終わるまでお待ちください</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wait for the reply to finish, or press Stop</source>
        <translation>応答が終わるまで待つか、「停止」を押してください</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write a message first</source>
        <translation>先にメッセージを入力してください</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Open a GGUF model to start: File ▸ Open Model…, or drop a .gguf file here.</source>
        <extracomment>&quot;File ▸ Open Model…&quot; names the File menu and its entry: use their translations (without the &amp;).</extracomment>
        <translation>まず GGUF モデルを開いてください：ファイル ▸ モデルを開く…、または .gguf ファイルをここにドロップします。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Press Load to load %1, then write a message.</source>
        <extracomment>&quot;Load&quot; is the model panel&apos;s Load button: use its translation. %1 is the model&apos;s name.</extracomment>
        <translation>「読み込む」を押して %1 を読み込み、メッセージを入力してください。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Loading the model…</source>
        <translation>モデルを読み込んでいます…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The model is ready. Write a message below.</source>
        <translation>モデルの準備ができました。下にメッセージを入力してください。</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ConversationSession</name>
    <message>
        <location filename="../gui/history/conversation_session.cpp" line="+52"/>
        <source>The conversation was not saved</source>
        <translation>会話は保存されませんでした</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Choose a folder you can write to and try again.</source>
        <translation>書き込み可能なフォルダーを選んで、もう一度お試しください。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Saved the conversation to %1</source>
        <translation>会話を %1 に保存しました</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+60"/>
        <source>Open Conversation</source>
        <translation>会話を開く</translation>
    </message>
    <message>
        <location line="-60"/>
        <location line="+60"/>
        <source>Open</source>
        <translation>開く</translation>
    </message>
    <message>
        <location line="-56"/>
        <location line="+60"/>
        <source>The conversation could not be opened</source>
        <translation>会話を開けませんでした</translation>
    </message>
    <message>
        <location line="-60"/>
        <source>Choose a conversation file saved by Tessera.</source>
        <translation>Tessera で保存した会話ファイルを選んでください。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Opened the conversation %1</source>
        <translation>会話 %1 を開きました</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>New Conversation</source>
        <translation>新しい会話</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>A reply is being generated. It stops here; what it wrote so far is kept.</source>
        <translation>応答を生成中です。ここで停止しますが、それまでに生成された内容は残ります。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The conversation could not be saved (%1). It will be lost.</source>
        <translation>会話を保存できませんでした（%1）。この会話は失われます。</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Choose another conversation.</source>
        <translation>別の会話を選んでください。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The conversation was not renamed</source>
        <translation>会話の名前は変更されませんでした</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+22"/>
        <source>Check that the folder can be written to.</source>
        <translation>フォルダーに書き込めることを確認してください。</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>Delete Conversation</source>
        <translation>会話を削除</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Delete this conversation? It cannot be brought back.</source>
        <translation>この会話を削除しますか？元に戻すことはできません。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Delete</source>
        <translation>削除</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The conversation was not deleted</source>
        <translation>会話は削除されませんでした</translation>
    </message>
</context>
<context>
    <name>tessera::gui::DeviceSource</name>
    <message>
        <location filename="../gui/gpus/device_source.cpp" line="+133"/>
        <source>no GPU in the device list</source>
        <translation>デバイス一覧に GPU がありません</translation>
    </message>
</context>
<context>
    <name>tessera::gui::DockTitleBar</name>
    <message>
        <location filename="../gui/app/dock_title_bar.cpp" line="+80"/>
        <source>Show this panel</source>
        <translation>このパネルを表示</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Collapse this panel to its title</source>
        <translation>このパネルをタイトルだけに折りたたむ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Float or dock this panel</source>
        <translation>このパネルをフローティングまたはドッキング</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close this panel (View menu brings it back)</source>
        <translation>このパネルを閉じる（「表示」メニューで再表示できます）</translation>
    </message>
</context>
<context>
    <name>tessera::gui::DownloadQueueModel</name>
    <message>
        <location filename="../gui/download/download_queue_model.cpp" line="+116"/>
        <source>Waiting</source>
        <extracomment>States of a download in the Download view&apos;s queue.</extracomment>
        <translation>待機中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Downloading</source>
        <translation>ダウンロード中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paused</source>
        <translation>一時停止中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Done</source>
        <translation>完了</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancelled</source>
        <translation>キャンセル済み</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Part %1 of %2: %3 of %4, </source>
        <extracomment>File %1 of %2 of a model in parts: its name, then its bytes received of its size.</extracomment>
        <translation>パート %1/%2: %3 / %4、</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 of %2 (%3%)</source>
        <extracomment>Bytes received of the model&apos;s size, and the percentage.</extracomment>
        <translation>%1 / %2 (%3%)</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>%1/s</source>
        <extracomment>Download speed: bytes per second.</extracomment>
        <translation>%1/秒</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>State</source>
        <translation>状態</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Progress</source>
        <translation>進行状況</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time left</source>
        <extracomment>Column of the download queue: the time until the download completes.</extracomment>
        <translation>残り時間</translation>
    </message>
</context>
<context>
    <name>tessera::gui::DownloadView</name>
    <message>
        <location filename="../gui/download/download_view.cpp" line="+213"/>
        <source>Downloaded %1: it is in the Library.</source>
        <extracomment>%1: the downloaded model&apos;s file.</extracomment>
        <translation>%1 をダウンロードしました。ライブラリにあります。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The download of %1 failed</source>
        <extracomment>%1: the model&apos;s file.</extracomment>
        <translation>%1 のダウンロードに失敗しました</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Download</source>
        <translation>ダウンロード</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The environment&apos;s hub settings cannot be used</source>
        <translation>環境変数のハブ設定は使用できません</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Searching for “%1”…</source>
        <extracomment>%1: the text searched for on the hub.</extracomment>
        <translation>「%1」を検索しています…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The search failed</source>
        <translation>検索に失敗しました</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 repositories with GGUF models for “%2”.</source>
        <extracomment>%1: how many repositories the hub found; %2: the text searched for.</extracomment>
        <translation>「%2」の GGUF モデルを含むリポジトリ: %1 件。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Models of %1 (listing…)</source>
        <extracomment>%1: a hub repository (OWNER/NAME).</extracomment>
        <translation>%1 のモデル（一覧を取得中…）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Models of %1</source>
        <translation>%1 のモデル</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The files of %1 could not be listed</source>
        <translation>%1 のファイル一覧を取得できませんでした</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 has no GGUF model.</source>
        <translation>%1 には GGUF モデルがありません。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1 cannot be resumed</source>
        <translation>%1 は再開できません</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The repository %2 no longer lists %1.</source>
        <extracomment>%1: a file name; %2: a hub repository.</extracomment>
        <translation>リポジトリ %2 には %1 がもうありません。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>There is no models folder</source>
        <translation>モデルフォルダーがありません</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The download cannot start</source>
        <translation>ダウンロードを開始できません</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>Search the hub for GGUF models, e.g. Qwen3 8B</source>
        <extracomment>Placeholder of the Download view&apos;s search box.</extracomment>
        <translation>ハブで GGUF モデルを検索（例: Qwen3 8B）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Search</source>
        <translation>検索(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pick a repository to see its models.</source>
        <translation>リポジトリを選ぶとそのモデルが表示されます。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Download</source>
        <translation>ダウンロード(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Downloads</source>
        <translation>ダウンロード数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Pause</source>
        <translation>一時停止(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Resume</source>
        <translation>再開(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Cancel</source>
        <translation>キャンセル(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unfinished downloads in the models folder:</source>
        <translation>モデルフォルダー内の未完了のダウンロード:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Resume &amp;Unfinished</source>
        <translation>未完了を再開(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hub &amp;address:</source>
        <translation>ハブのアドレス(&amp;A):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Access &amp;token:</source>
        <translation>アクセストークン(&amp;T):</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>For gated models: accept the licence on the model&apos;s page and give a token of your account.</source>
        <extracomment>Tooltip of the access token field.</extracomment>
        <translation>アクセス制限付きモデルの場合: モデルのページでライセンスに同意し、あなたのアカウントのトークンを入力してください。</translation>
    </message>
</context>
<context>
    <name>tessera::gui::EngineWorker</name>
    <message>
        <location filename="../gui/engine/engine_worker.cpp" line="+99"/>
        <location line="+181"/>
        <source>Loading %1 was cancelled.</source>
        <translation>%1 の読み込みはキャンセルされました。</translation>
    </message>
    <message>
        <location line="-133"/>
        <source>No model is loaded. Open and load a model first.</source>
        <translation>モデルが読み込まれていません。先にモデルを開いて読み込んでください。</translation>
    </message>
    <message>
        <location line="+123"/>
        <source>The benchmark was cancelled.</source>
        <translation>ベンチマークはキャンセルされました。</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ErrorBanner</name>
    <message>
        <location filename="../gui/common/error_banner.cpp" line="+73"/>
        <source>Dismiss</source>
        <translation>閉じる</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dismiss message</source>
        <translation>メッセージを閉じる</translation>
    </message>
</context>
<context>
    <name>tessera::gui::GgufChoiceModel</name>
    <message>
        <location filename="../gui/download/gguf_choice_model.cpp" line="+66"/>
        <source>Reading the header…</source>
        <extracomment>The Download view&apos;s &quot;fits?&quot; column while the model&apos;s header comes from the hub.</extracomment>
        <translation>ヘッダーを読み込み中…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Cannot tell: %1</source>
        <extracomment>%1: why the model&apos;s header could not be read (names the URL and the reason).</extracomment>
        <translation>判定できません: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No GPU: it would run on the CPU</source>
        <translation>GPU なし: CPU で実行されます</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Fits on GPU %1 with this split</source>
        <extracomment>%1: the GPUs that would hold the model, e.g. &quot;0 + 1&quot;.</extracomment>
        <translation>この分割で GPU %1 に収まります</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Would overflow GPU %1: %2 needed, %3 usable</source>
        <extracomment>%1: GPU number; %2: bytes the model would need there; %3: bytes usable there.</extracomment>
        <translation>GPU %1 があふれます: %2 必要、使用可能 %3</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1 (%2 parts)</source>
        <extracomment>A model split into parts: its first file and how many parts it has.</extracomment>
        <translation>%1（%2 パート）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Quantization</source>
        <translation>量子化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>File</source>
        <translation>ファイル</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size</source>
        <translation>サイズ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fits?</source>
        <extracomment>Column of a repository&apos;s models: whether each fits on the GPUs with the split chosen now.</extracomment>
        <translation>収まる?</translation>
    </message>
</context>
<context>
    <name>tessera::gui::GpuListModel</name>
    <message>
        <location filename="../gui/gpus/gpu_list_model.cpp" line="+36"/>
        <source>%1 used · %2 free of %3</source>
        <translation>使用中 %1 · 空き %2 / %3</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1: %2</source>
        <extracomment>A GPU: its CUDA index and its name (&quot;0: NVIDIA H200&quot;).</extracomment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1
UUID: %2
PCI bus: %3
Compute capability: %4
Memory: %5</source>
        <translation>%1
UUID：%2
PCI バス：%3
Compute Capability：%4
メモリ：%5</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Compute</source>
        <extracomment>Column header: the GPU&apos;s CUDA compute capability (&quot;9.0&quot;).</extracomment>
        <translation>計算能力</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory</source>
        <translation>メモリ</translation>
    </message>
</context>
<context>
    <name>tessera::gui::GpuPanel</name>
    <message>
        <location filename="../gui/gpus/gpu_panel.cpp" line="+77"/>
        <source>No GPU can be used: %1.
Tessera runs models on the CPU.</source>
        <extracomment>%1 is why (from the driver or the build), e.g. &quot;no NVIDIA driver/GPU found&quot;.</extracomment>
        <translation>使用できる GPU がありません：%1。
Tessera はモデルを CPU で実行します。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Looking for GPUs…</source>
        <translation>GPU を検索しています…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Reading GPU memory failed: %1</source>
        <translation>GPU メモリを読み取れませんでした：%1</translation>
    </message>
</context>
<context>
    <name>tessera::gui::GpuWorkspace</name>
    <message>
        <location filename="../gui/gpus/gpu_workspace.cpp" line="+105"/>
        <source>Throughput</source>
        <translation>スループット</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU Memory</source>
        <translation>GPU メモリ</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Performance</source>
        <translation>パフォーマンス</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Split Benchmark</source>
        <translation>分割ベンチマーク</translation>
    </message>
</context>
<context>
    <name>tessera::gui::GuideDialog</name>
    <message>
        <location filename="../gui/app/guide_dialog.cpp" line="+55"/>
        <source>Getting started</source>
        <translation>はじめに</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open a GGUF model (File ▸ Open Model…, a .gguf file dropped on the window, or the Model Library) and it is described in the Model panel before anything is loaded: what it is, how large, and whether Tessera can run it. Press Load, then write a message. Opening a model from the Library or Recent Models loads it at once.</source>
        <translation>GGUF モデルを開くと（ファイル ▸ モデルを開く…、ウィンドウへの .gguf ファイルのドロップ、またはモデルライブラリ）、読み込む前にモデルパネルがその内容・サイズ・Tessera で実行できるかを表示します。「読み込む」を押してからメッセージを書いてください。ライブラリや最近使ったモデルから開いたモデルはすぐに読み込まれます。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The split workspace (the GPUs tab)</source>
        <translation>分割ワークスペース（GPU タブ）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>With more than one GPU, choose how the model is spread over them. Layer split gives each GPU whole layers; row split cuts every layer across the GPUs (for models whose heads divide evenly, without experts); None puts everything on the main GPU. Drag the sliders to set each GPU&apos;s share.</source>
        <translation>GPU が複数あるときは、モデルをどう分けるかを選びます。レイヤー分割は各 GPU にレイヤー単位で割り当て、行分割は各レイヤーを GPU 間で分けます（ヘッド数が均等に割り切れ、エキスパートを持たないモデル向け）。「なし」はすべてをメイン GPU に置きます。スライダーで各 GPU の割合を設定します。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The bars show what each GPU will hold (weights, KV cache, scratch) before anything is loaded, from the same plan the loader follows; a bar that would overflow turns red and says by how much. A smaller KV cache type (q8_0, q4_0) makes room for a longer context. Apply loads the model again with the split.</source>
        <translation>バーは、読み込む前に各 GPU が保持する量（重み、KV キャッシュ、作業領域）を、ローダーが従うのと同じ計画から示します。あふれるバーは赤くなり、どれだけあふれるかを示します。小さい KV キャッシュ型（q8_0、q4_0）を選ぶと、より長いコンテキストを確保できます。「適用」で分割を反映してモデルを読み込み直します。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The split benchmark</source>
        <translation>分割ベンチマーク</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add two to six splits (the current one, or the suggestions), press Run Benchmark: the loaded model is loaded with each split in turn and measured, then loaded as it was. Splits that would not fit are refused. A difference within the runs&apos; spread is called a tie; Apply the Winner loads the fastest split.</source>
        <translation>分割を 2～6 個追加し（現在の分割または候補）、「ベンチマーク実行」を押します。読み込まれているモデルを分割ごとに順に読み込んで測定し、最後に元の状態で読み込み直します。収まらない分割は受け付けません。測定のばらつきの範囲内の差は引き分けとし、「最速の分割を適用」で最も速い分割を読み込みます。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Editing a message</source>
        <translation>メッセージの編集</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit under one of your messages changes it and gets a new reply from there; the messages after it are replaced. Regenerate asks again for the last reply.</source>
        <translation>自分のメッセージの下の「編集」でその内容を変え、そこから新しい応答を得ます。それ以降のメッセージは置き換えられます。「再生成」は最後の応答をもう一度求めます。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keyboard shortcuts</source>
        <translation>キーボードショートカット</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Send the message</source>
        <extracomment>A shortcut of the message box.</extracomment>
        <translation>メッセージを送信</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New line in the message</source>
        <translation>メッセージ内で改行</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Tessera Guide</source>
        <translation>Tessera ガイド</translation>
    </message>
</context>
<context>
    <name>tessera::gui::HistoryPanel</name>
    <message>
        <location filename="../gui/history/history_panel.cpp" line="+113"/>
        <source>Search conversations</source>
        <translation>会話を検索</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rename</source>
        <translation>名前を変更</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete</source>
        <translation>削除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give the selected conversation a title</source>
        <translation>選択した会話にタイトルを付ける</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the selected conversation for good</source>
        <translation>選択した会話を完全に削除</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>%1
Last changed %2</source>
        <translation>%1
最終更新：%2</translation>
    </message>
</context>
<context>
    <name>tessera::gui::HubSearchModel</name>
    <message>
        <location filename="../gui/download/hub_search_model.cpp" line="+45"/>
        <source>Repository</source>
        <extracomment>Column of the Download view&apos;s search results: the hub repository (OWNER/NAME).</extracomment>
        <translation>リポジトリ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Downloads</source>
        <translation>ダウンロード数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Likes</source>
        <translation>いいね</translation>
    </message>
</context>
<context>
    <name>tessera::gui::LibraryModel</name>
    <message>
        <location filename="../gui/library/library_model.cpp" line="+126"/>
        <source>No GPU is available: the model would run on the CPU.</source>
        <translation>利用できる GPU がありません。モデルは CPU で実行されます。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>With a context of %1 tokens:</source>
        <extracomment>Before the bytes per GPU: the context the model would be loaded with, in tokens.</extracomment>
        <translation>コンテキスト %1 トークンの場合：</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>GPU %1: %2 of %3 usable</source>
        <translation>GPU %1：使用可能な %3 のうち %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GPU %1 would need %2 but only %3 is usable</source>
        <translation>GPU %1 には %2 が必要ですが、使用可能なのは %3 だけです</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Fits</source>
        <extracomment>The model library&apos;s &quot;fits on the GPUs?&quot; column.</extracomment>
        <translation>収まる</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Too large</source>
        <translation>大きすぎる</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No GPU</source>
        <translation>GPU なし</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cannot split</source>
        <extracomment>The split planner refused the split for this model (e.g. row split of a mixture of experts).</extracomment>
        <translation>分割できません</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>Whether the model fits on the GPUs with the split chosen in the GPUs panel</source>
        <translation>GPU パネルで選んだ分割でモデルが GPU に収まるかどうか</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Architecture</source>
        <translation>アーキテクチャ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parameters</source>
        <translation>パラメーター数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Quantization</source>
        <extracomment>The model&apos;s main weight type (&quot;Q4_K&quot;).</extracomment>
        <translation>量子化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size</source>
        <translation>サイズ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Context</source>
        <translation>コンテキスト</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fits on GPUs</source>
        <extracomment>Column header: whether the model fits on the GPUs with the chosen split.</extracomment>
        <translation>GPU に収まるか</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>状態</translation>
    </message>
</context>
<context>
    <name>tessera::gui::LibraryPanel</name>
    <message>
        <location filename="../gui/library/library_panel.cpp" line="+39"/>
        <source>Add a Model Folder</source>
        <translation>モデルフォルダーを追加</translation>
    </message>
    <message>
        <location line="+130"/>
        <source>Search by name, architecture, quantization or path</source>
        <translation>名前、アーキテクチャ、量子化、パスで検索</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Show:</source>
        <extracomment>Label of the choice between all models and the recent ones.</extracomment>
        <translation>表示(&amp;S)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All models</source>
        <translation>すべてのモデル</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Recent models</source>
        <translation>最近使ったモデル</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add Folder…</source>
        <translation>フォルダーを追加…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove Folder</source>
        <translation>フォルダーを削除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rescan</source>
        <translation>再スキャン</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Open</source>
        <translation>開く(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove from List</source>
        <translation>一覧から削除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The file stays on disk; adding its folder again brings it back.</source>
        <translation>ファイルはディスクに残ります。フォルダーを再度追加すると一覧に戻ります。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reveal in File Manager</source>
        <translation>ファイルマネージャーで表示</translation>
    </message>
    <message>
        <location line="-24"/>
        <source>Library</source>
        <translation>ライブラリ</translation>
    </message>
    <message>
        <location line="+152"/>
        <source>%1: %2</source>
        <extracomment>A file of the model library that cannot be opened: the short reason, then the reader&apos;s message.</extracomment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Reading models… %1 of %2</source>
        <extracomment>Files of the model library read so far, of all found.</extracomment>
        <translation>モデルを読み込み中… %1 / %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Looking for models…</source>
        <translation>モデルを探しています…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Add a folder that holds .gguf models.</source>
        <translation>.gguf モデルのあるフォルダーを追加してください。</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n model(s)</source>
        <translation>
            <numerusform>%n 個のモデル</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 shown of %2</source>
        <extracomment>How many rows the search or filter shows, of all (the second argument is &quot;N models&quot;).</extracomment>
        <translation>%2 のうち %1 件を表示</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(the search stopped at its limit; there may be more)</source>
        <translation>（検索が上限で止まりました。ほかにもある可能性があります）</translation>
    </message>
</context>
<context>
    <name>tessera::gui::LocalServer</name>
    <message>
        <location filename="../gui/server/local_server.cpp" line="+39"/>
        <source>Host is empty: enter 127.0.0.1 to serve this machine only.</source>
        <extracomment>&quot;Host&quot; is the Local Server dialog&apos;s field: use its translation.</extracomment>
        <translation>ホストが空です。このコンピューターだけに提供するには 127.0.0.1 を入力してください。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 lets other machines connect: enter an API key (clients send it as “Authorization: Bearer KEY”), or tick “Allow other machines without an API key”.</source>
        <extracomment>%1 is the host typed in the Local Server dialog; &quot;API key&quot; and &quot;Allow other machines without an API key&quot; are its fields: use their translations.</extracomment>
        <translation>%1 では他のマシンが接続できます。API キーを入力するか（クライアントは「Authorization: Bearer KEY」として送ります）、「API キーなしで他のマシンを許可する」にチェックを入れてください。</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Local server: waiting for a model loaded in this app</source>
        <translation>ローカルサーバー: このアプリでモデルが読み込まれるのを待っています</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Serving at %1</source>
        <extracomment>The address clients use, e.g. &quot;http://127.0.0.1:8080&quot;.</extracomment>
        <translation>%1 で提供中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Local server not started: %1</source>
        <translation>ローカルサーバーは起動していません: %1</translation>
    </message>
</context>
<context>
    <name>tessera::gui::LocalServerDialog</name>
    <message>
        <location filename="../gui/server/local_server_dialog.cpp" line="+67"/>
        <source>Local Server</source>
        <translation>ローカルサーバー</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Serves the model loaded in this app to other programs over the OpenAI-compatible API (base URL: the address below followed by /v1). Their requests wait in line with the chat&apos;s own.</source>
        <translation>このアプリで読み込んだモデルを、OpenAI 互換 API で他のプログラムに提供します（ベース URL: 下のアドレスの後に /v1）。それらのリクエストはチャットのリクエストと同じ列に並びます。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Serve the loaded model</source>
        <translation>読み込んだモデルを提供する</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>any free port</source>
        <extracomment>Port 0 in the local server&apos;s settings: the system picks a free port.</extracomment>
        <translation>空いている任意のポート</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none (anyone on this machine may connect)</source>
        <translation>なし（このマシン上の誰でも接続できます）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Allow other machines without an API key (insecure)</source>
        <translation>API キーなしで他のマシンを許可する（安全ではありません）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none (web pages cannot use the server)</source>
        <translation>なし（Web ページはサーバーを利用できません）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Web pages allowed to call the server from a browser, as their origins separated by commas, e.g. http://localhost:3000, https://*.example.com; * allows every page.</source>
        <extracomment>&quot;*&quot; and the example origins are typed as shown; do not translate them.</extracomment>
        <translation>ブラウザーからサーバーを呼び出せる Web ページのオリジン（カンマ区切り。例: http://localhost:3000, https://*.example.com）。* はすべてのページを許可します。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Host:</source>
        <translation>ホスト:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Port:</source>
        <translation>ポート:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>API key:</source>
        <translation>API キー:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Allowed web origins:</source>
        <translation>許可する Web オリジン:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy Address</source>
        <translation>アドレスをコピー</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>The local server is off.</source>
        <translation>ローカルサーバーはオフです。</translation>
    </message>
</context>
<context>
    <name>tessera::gui::MainWindow</name>
    <message>
        <location filename="../gui/app/main_window.cpp" line="+245"/>
        <source>Loading %1 again with the new split…</source>
        <extracomment>The status bar after Apply (a new GPU split): the model is loaded again with it.</extracomment>
        <translation>新しい分割で %1 を読み込み直しています…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Split applied: %1. The model runs on the CPU here, where a GPU split changes nothing.</source>
        <translation>分割を適用しました：%1。ここではモデルは CPU で動くため、GPU の分割は何も変えません。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Split applied: %1.</source>
        <translation>分割を適用しました：%1。</translation>
    </message>
    <message>
        <location line="+293"/>
        <source>&amp;Open Model…</source>
        <translation>モデルを開く(&amp;O)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Load Model</source>
        <translation>モデルを読み込む(&amp;L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Unload Model</source>
        <translation>モデルをアンロード(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open &amp;Conversation…</source>
        <translation>会話を開く(&amp;C)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save Conversation…</source>
        <translation>会話を保存(&amp;S)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;New Conversation</source>
        <translation>新しい会話(&amp;N)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Regenerate Reply</source>
        <translation>応答を再生成(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Stop</source>
        <translation>停止(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Copy Last Reply</source>
        <translation>最後の応答をコピー(&amp;C)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Guide and Shortcuts</source>
        <extracomment>Help menu: a short guide to the split workspace and the keyboard shortcuts.</extracomment>
        <translation>ガイドとショートカット(&amp;G)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Reset Layout</source>
        <extracomment>View menu: every panel back where it was at the first start, sized for the window.</extracomment>
        <translation>レイアウトをリセット(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;About Tessera</source>
        <translation>Tessera について(&amp;A)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Chat</source>
        <translation>チャット(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Settings</source>
        <translation>設定(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Language</source>
        <translation>言語(&amp;L)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>System default</source>
        <extracomment>Language menu entry: follow the language of the desktop session.</extracomment>
        <translation>システムの既定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>History</source>
        <translation>履歴</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Generation</source>
        <translation>生成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>System Prompt</source>
        <translation>システムプロンプト</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sampling</source>
        <translation>サンプリング</translation>
    </message>
    <message>
        <location line="+87"/>
        <source>&amp;%1 %2</source>
        <extracomment>Recent-files menu entry: number (keyboard accelerator) and file name.</extracomment>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Clear Recent Files</source>
        <translation>履歴を消去</translation>
    </message>
    <message>
        <location line="-508"/>
        <source>Truncate Middle and Retry</source>
        <translation>中間を切り詰めて再試行</translation>
    </message>
    <message>
        <location line="+541"/>
        <source>Open a GGUF Model</source>
        <translation>GGUF モデルを開く</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GGUF models (*.gguf);;All files (*)</source>
        <translation>GGUF モデル (*.gguf);;すべてのファイル (*)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Save Conversation</source>
        <extracomment>The file name the save dialog suggests.</extracomment>
        <translation>会話を保存</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>conversation.json</source>
        <translation>会話.json</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+6"/>
        <source>Conversations (*.json);;All files (*)</source>
        <translation>会話 (*.json);;すべてのファイル (*)</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Quit Tessera</source>
        <translation>Tessera を終了</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Quit</source>
        <translation>終了</translation>
    </message>
    <message>
        <location line="-60"/>
        <source>Open Conversation</source>
        <translation>会話を開く</translation>
    </message>
    <message>
        <location line="-544"/>
        <source>Go On: Truncate Middle</source>
        <translation>続行：中間を切り詰め</translation>
    </message>
    <message>
        <location line="+551"/>
        <source>Copied to the clipboard</source>
        <translation>クリップボードにコピーしました</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>About Tessera</source>
        <translation>Tessera について</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;h3&gt;Tessera %1&lt;/h3&gt;&lt;p&gt;Runs GGUF language models on NVIDIA GPUs with its own CUDA backend, or on the CPU.&lt;/p&gt;&lt;p&gt;MIT License.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Tessera %1&lt;/h3&gt;&lt;p&gt;独自の CUDA バックエンドにより、GGUF 言語モデルを NVIDIA GPU または CPU で実行します。&lt;/p&gt;&lt;p&gt;MIT ライセンス。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../gui/performance/throughput_plot.cpp" line="+490"/>
        <source>No model loaded</source>
        <translation>モデルが読み込まれていません</translation>
    </message>
    <message>
        <location filename="../gui/app/main_window.cpp" line="+37"/>
        <source>%1 — Tessera</source>
        <extracomment>Window title: model name, then the application name.</extracomment>
        <translation>%1 — Tessera</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tessera</source>
        <translation>Tessera</translation>
    </message>
    <message>
        <location line="-219"/>
        <source>Local &amp;Server…</source>
        <translation>ローカルサーバー(&amp;S)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Recent &amp;Models</source>
        <translation>最近使ったモデル(&amp;M)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model Li&amp;brary</source>
        <translation>モデルライブラリ(&amp;B)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add &amp;Model Folder…</source>
        <translation>モデルフォルダーを追加(&amp;M)…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Chat</source>
        <translation>チャット</translation>
    </message>
</context>
<context>
    <name>tessera::gui::MemoryPlot</name>
    <message>
        <location filename="../gui/gpus/memory_plot.cpp" line="+84"/>
        <source>GPU memory in use over time</source>
        <translation>GPU メモリ使用量の推移</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export PNG…</source>
        <translation>PNG に書き出す…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save this plot as a PNG image</source>
        <translation>このグラフを PNG 画像として保存</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No GPU is in use: the model runs on the CPU, so there is no GPU memory to plot.</source>
        <extracomment>The GPU memory plot on a machine without a usable GPU.</extracomment>
        <translation>GPU は使われていません。モデルは CPU で動いているため、表示する GPU メモリはありません。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GiB used</source>
        <translation>使用量 (GiB)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: %2</source>
        <extracomment>A GPU in the legend: its CUDA index and its name (&quot;0: NVIDIA H200&quot;).</extracomment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Export Memory Plot</source>
        <translation>メモリグラフを書き出す</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>gpu-memory.png</source>
        <translation>gpu-memory.png</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PNG images (*.png)</source>
        <translation>PNG 画像 (*.png)</translation>
    </message>
</context>
<context>
    <name>tessera::gui::MessageWidget</name>
    <message>
        <location filename="../gui/chat/message_widget.cpp" line="+110"/>
        <source>Copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Copied ✓</source>
        <extracomment>The Copy button of a message, for a moment after it was pressed.</extracomment>
        <translation>コピー済み ✓</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy this message as Markdown</source>
        <translation>このメッセージを Markdown としてコピー</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Edit</source>
        <extracomment>Edit a message already sent, then ask again from there.</extracomment>
        <translation>編集</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change this message and get a new reply from here (the messages after it are replaced)</source>
        <translation>このメッセージを変更し、ここから新しい応答を得ます（以降のメッセージは置き換えられます）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Send</source>
        <extracomment>The button under an edited message: send it again and get a new reply.</extracomment>
        <translation>送信</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <location line="+96"/>
        <source>You</source>
        <translation>あなた</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Assistant</source>
        <translation>アシスタント</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>stopped: context full</source>
        <extracomment>A reply cut off because the model&apos;s context (its token memory) is used up.</extracomment>
        <translation>停止：コンテキストが満杯</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Thinking…</source>
        <extracomment>Above a reply while a reasoning model thinks (its thoughts stream below).</extracomment>
        <translation>考え中…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Thought for %1</source>
        <extracomment>Above a reply of a reasoning model, folded: %1 = how long it thought (&quot;12 s&quot;).</extracomment>
        <translation>%1 考えました</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Thoughts</source>
        <extracomment>Above a reply of a reasoning model whose thinking time is not known.</extracomment>
        <translation>思考</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fold the model&apos;s thinking</source>
        <translation>モデルの思考を折りたたむ</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Show the model&apos;s thinking</source>
        <translation>モデルの思考を表示</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>generating…</source>
        <translation>生成中…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reading the prompt…</source>
        <translation>プロンプトを読み込み中…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>reading the prompt… %1 / %2 tokens</source>
        <extracomment>While the model reads the conversation: tokens read so far, of all.</extracomment>
        <translation>プロンプトを読み込み中… %1 / %2 トークン</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>, about %1 left</source>
        <extracomment>Appended to &quot;reading the prompt… 120 / 4,000 tokens&quot;: the time still expected.</extracomment>
        <translation>、残り約 %1</translation>
    </message>
    <message>
        <location line="-84"/>
        <source>stopped</source>
        <translation>停止済み</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>failed: %1</source>
        <translation>失敗：%1</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ModelOpener</name>
    <message>
        <location filename="../gui/models/model_opener.cpp" line="+57"/>
        <location line="+16"/>
        <location line="+63"/>
        <source>Open Another File…</source>
        <translation>別のファイルを開く…</translation>
    </message>
    <message>
        <location line="-43"/>
        <source>Load Anyway</source>
        <translation>このまま読み込む</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1 was unloaded: the chat uses %2 on the server now.</source>
        <extracomment>%1: the local model that was unloaded; %2: the server&apos;s model the chat uses now.</extracomment>
        <translation>%1 の読み込みを解除しました。チャットは今後サーバー上の %2 を使います。</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ModelPanel</name>
    <message>
        <location filename="../gui/models/model_panel.cpp" line="+72"/>
        <source>File:</source>
        <translation>ファイル：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Architecture:</source>
        <translation>アーキテクチャ：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parameters:</source>
        <translation>パラメーター：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tensor types:</source>
        <translation>テンソル型：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trained context:</source>
        <translation>学習時のコンテキスト：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Layers:</source>
        <translation>レイヤー：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Vocabulary:</source>
        <translation>語彙：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Chat template:</source>
        <translation>チャットテンプレート：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>File size:</source>
        <translation>ファイルサイズ：</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Open Model…</source>
        <translation>モデルを開く…</translation>
    </message>
    <message>
        <location line="+122"/>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>This file cannot be loaded: %1. %2</source>
        <extracomment>A file the engine cannot run: the short reason (&quot;Vocabulary only: no weights&quot;), then the details.</extracomment>
        <translation>このファイルは読み込めません：%1。%2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Model default: %1 of the %2 tokens this model was trained on.</source>
        <extracomment>Tooltip of the context box when the model default is shorter than the trained context.</extracomment>
        <translation>モデルの既定値：このモデルが学習した %2 トークンのうち %1。</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>Load</source>
        <translation>読み込む</translation>
    </message>
    <message>
        <location line="-206"/>
        <source>Unload</source>
        <translation>アンロード</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <location line="+207"/>
        <source>Load the model with the context length chosen below</source>
        <translation>下で選んだコンテキスト長でモデルを読み込む</translation>
    </message>
    <message>
        <location line="-206"/>
        <source>Free the memory the model holds</source>
        <translation>モデルが使用しているメモリを解放</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Context length:</source>
        <translation>コンテキスト長：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> tokens</source>
        <extracomment>Suffix of the context length box, after the number (&quot;4096 tokens&quot;).</extracomment>
        <translation> トークン</translation>
    </message>
    <message>
        <location line="+146"/>
        <source>How many tokens of conversation the model can see. Longer contexts need more memory.</source>
        <translation>モデルが参照できる会話のトークン数です。コンテキストが長いほど多くのメモリが必要です。</translation>
    </message>
    <message>
        <location line="-144"/>
        <source>%p%</source>
        <extracomment>Text on the load progress bar; Qt replaces %p with the percentage done.</extracomment>
        <translation>%p%</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Preview – not loaded</source>
        <extracomment>A badge beside the model&apos;s name: its details are shown, but it is not the loaded model.</extracomment>
        <translation>プレビュー – 未読み込み</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This file&apos;s details are shown; press Load to use it in the chat.</source>
        <translation>このファイルの詳細を表示しています。チャットで使うには「読み込む」を押してください。</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>No model open</source>
        <translation>開いているモデルはありません</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Model default</source>
        <translation>モデルの既定値</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>unknown (no general.architecture)</source>
        <translation>不明（general.architecture がありません）</translation>
    </message>
    <message numerus="yes">
        <location line="+13"/>
        <source>%1 (%Ln tensor(s))</source>
        <extracomment>Parameter count (e.g. &quot;7.24 B&quot;), then how many tensors hold them.</extracomment>
        <translation>
            <numerusform>%1（%Ln 個のテンソル）</numerusform>
        </translation>
    </message>
    <message>
        <location line="-6"/>
        <source>%1 ×%2 (%3)</source>
        <extracomment>One tensor type: its name, how many tensors have it, their size (&quot;Q4_K ×226 (3.80 GiB)&quot;).</extracomment>
        <translation>%1 ×%2（%3）</translation>
    </message>
    <message numerus="yes">
        <location line="+11"/>
        <location line="+2"/>
        <source>%Ln token(s)</source>
        <translation>
            <numerusform>%Ln トークン</numerusform>
        </translation>
    </message>
    <message>
        <location line="-2"/>
        <location line="+1"/>
        <location line="+2"/>
        <source>not stated</source>
        <translation>記載なし</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>yes</source>
        <translation>あり</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no (plain text continuation)</source>
        <translation>なし（テキストの続きを生成）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Model default (%1)</source>
        <translation>モデルの既定値（%1）</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>%1 tokens is more than the %2 this model was trained on: past %2 tokens its replies are likely to fall apart, and the memory is spent for nothing.</source>
        <translation>%1 トークンは、このモデルの学習時の %2 トークンを超えています。%2 トークンを超えると応答が破綻しやすく、メモリも無駄になります。</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Reload</source>
        <translation>再読み込み</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load the model again with the context length and GPU split chosen now</source>
        <translation>今選んでいるコンテキスト長と GPU 分割でモデルを再読み込み</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Reading the file…</source>
        <translation>ファイルを読み込んでいます…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This file cannot be loaded. Open another model.</source>
        <translation>このファイルは読み込めません。別のモデルを開いてください。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not loaded. Press Load to load it.</source>
        <translation>読み込まれていません。「読み込む」を押して読み込んでください。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open a GGUF model file to see what is in it.</source>
        <translation>GGUF モデルファイルを開くと、その内容が表示されます。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Loading %1…</source>
        <translation>%1 を読み込んでいます…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This file cannot be loaded; the chat still uses %1.</source>
        <extracomment>%1 is the loaded model&apos;s name: the file shown cannot be loaded, the chat goes on with it.</extracomment>
        <translation>このファイルは読み込めません。チャットは引き続き %1 を使います。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Not loaded: the chat still uses %1. Press Load to switch to this model.</source>
        <extracomment>%1 is the loaded model&apos;s name; &quot;Load&quot; is the Load button: use its translation.</extracomment>
        <translation>読み込まれていません：チャットはまだ %1 を使っています。このモデルに切り替えるには「読み込む」を押してください。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Loaded in %1 s on the CPU.</source>
        <translation>CPU に %1 秒で読み込みました。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Loaded in %1 s on %2.</source>
        <extracomment>%2 names the backend the engine chose (&quot;cuda (2 GPUs)&quot;).</extracomment>
        <translation>%2 に %1 秒で読み込みました。</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ModelSourcePanel</name>
    <message>
        <location filename="../gui/models/model_source_panel.cpp" line="+46"/>
        <source>Source:</source>
        <extracomment>Where the model runs: a GGUF file loaded by this app, or an OpenAI-compatible server.</extracomment>
        <translation>ソース:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model file</source>
        <translation>モデルファイル</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OpenAI-compatible server</source>
        <translation>OpenAI 互換サーバー</translation>
    </message>
</context>
<context>
    <name>tessera::gui::OverflowPolicyChooser</name>
    <message>
        <location filename="../gui/chat/overflow_policy_chooser.cpp" line="+27"/>
        <source>When full: %1</source>
        <extracomment>The chat&apos;s context overflow chooser: &quot;When full: Truncate middle&quot;.</extracomment>
        <translation>満杯時：%1</translation>
    </message>
</context>
<context>
    <name>tessera::gui::OverflowPolicyMenu</name>
    <message>
        <location line="+35"/>
        <source>When the Context Is &amp;Full</source>
        <extracomment>Settings menu: the context overflow policy new conversations start with.</extracomment>
        <translation>コンテキストが満杯のとき(&amp;F)</translation>
    </message>
</context>
<context>
    <name>tessera::gui::RemoteEndpointPanel</name>
    <message>
        <location filename="../gui/remote/remote_endpoint_panel.cpp" line="+143"/>
        <source>Could not connect to %1</source>
        <extracomment>The OpenAI-compatible server&apos;s URL.</extracomment>
        <translation>%1 に接続できませんでした</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check the URL (it usually ends in /v1), the API key and the model name, and that the server is running.</source>
        <translation>URL（通常は /v1 で終わります）、API キー、モデル名、およびサーバーが動作しているかを確認してください。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Connected: %1 at %2</source>
        <extracomment>The server&apos;s model id, then the server&apos;s base URL.</extracomment>
        <translation>接続済み: %2 の %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Asking the server for its models…</source>
        <translation>サーバーにモデルを問い合わせています…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Could not connect: %1</source>
        <extracomment>The last Connect failed: the reason.</extracomment>
        <translation>接続できませんでした：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Could not list the models: %1</source>
        <translation>モデルを一覧表示できませんでした: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>The server offers %n model(s).</source>
        <translation>
            <numerusform>サーバーには %n 個のモデルがあります。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>URL:</source>
        <translation>URL:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>API key:</source>
        <translation>API キー:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model:</source>
        <translation>モデル:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>List Models</source>
        <translation>モデル一覧</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connect</source>
        <translation>接続</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Disconnect</source>
        <translation>切断</translation>
    </message>
</context>
<context>
    <name>tessera::gui::SamplingPanel</name>
    <message>
        <location filename="../gui/chat/sampling_panel.cpp" line="+86"/>
        <source>Model default</source>
        <extracomment>The Thinking choice of a reasoning model: leave it to the model&apos;s chat template.</extracomment>
        <translation>モデルの既定</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>On</source>
        <extracomment>Thinking choice: the model thinks before it answers.</extracomment>
        <translation>オン</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Off</source>
        <extracomment>Thinking choice: the model answers without thinking first.</extracomment>
        <translation>オフ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Low</source>
        <extracomment>Reasoning effort (gpt-oss): how long the model thinks.</extracomment>
        <translation>低</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Medium</source>
        <translation>中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>High</source>
        <translation>高</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Temperature:</source>
        <translation>温度：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Top-k:</source>
        <translation>Top-k：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Top-p:</source>
        <translation>Top-p：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Min-p:</source>
        <translation>Min-p：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Repetition penalty:</source>
        <translation>繰り返しペナルティ：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Seed:</source>
        <translation>シード：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Max reply tokens:</source>
        <translation>応答の最大トークン数：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Higher values give more varied replies; 0 always picks the most likely token.</source>
        <translation>値を大きくすると応答が多様になります。0 では常に最も確率の高いトークンを選びます。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>off</source>
        <extracomment>Shown in the Top-k box at 0.</extracomment>
        <translation>オフ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sample only among the k most likely tokens (0 = no limit).</source>
        <translation>確率の高い上位 k 個のトークンからのみサンプリングします（0 = 制限なし）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sample among the most likely tokens whose probabilities add up to p (1 = off).</source>
        <translation>確率の合計が p になるまでの、確率の高いトークンからサンプリングします（1 = オフ）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drop tokens less likely than this fraction of the most likely one (0 = off).</source>
        <translation>最も確率の高いトークンに対してこの割合より確率の低いトークンを除外します（0 = オフ）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Penalise tokens that already appeared (1 = off).</source>
        <translation>既に出現したトークンにペナルティを課します（1 = オフ）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>random</source>
        <extracomment>Shown in the Seed box at -1: a new random seed for every reply.</extracomment>
        <translation>ランダム</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A fixed seed makes replies repeatable with the same settings.</source>
        <translation>シードを固定すると、同じ設定で同じ応答を再現できます。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The longest reply, in tokens.</source>
        <translation>応答の最大長（トークン数）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Thinking:</source>
        <translation>思考：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Whether, or how long, a reasoning model thinks before it answers (as its chat template offers it).</source>
        <translation>推論モデルが答える前に考えるかどうか、またはどれだけ考えるか（チャットテンプレートが対応している場合）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reset to Defaults</source>
        <translation>既定値に戻す</translation>
    </message>
</context>
<context>
    <name>tessera::gui::SplitBenchModel</name>
    <message>
        <location filename="../gui/bench/split_bench_model.cpp" line="+65"/>
        <source>Everything on GPU %1</source>
        <translation>すべて GPU %1 に</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2 %</source>
        <extracomment>One GPU&apos;s share in a split: GPU index, percent.</extracomment>
        <translation>%1: %2 %</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Row</source>
        <translation>行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Layer</source>
        <translation>レイヤー</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 · %2 · main GPU %3</source>
        <extracomment>A split in a line: mode, the GPUs&apos; shares, the main GPU.</extracomment>
        <translation>%1 · %2 · メイン GPU %3</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>It would overflow GPU %1: %2 needed, %3 usable.</source>
        <extracomment>A split of the benchmark that does not fit: GPU index, bytes it would need, bytes usable.</extracomment>
        <translation>GPU %1 があふれます：必要 %2、使用可能 %3。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>At most %1 splits can be compared.</source>
        <translation>比較できる分割は最大 %1 個です。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This split is in the list already.</source>
        <translation>この分割はすでに一覧にあります。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This split cannot be measured. %1</source>
        <translation>この分割は測定できません。%1</translation>
    </message>
    <message numerus="yes">
        <location line="+40"/>
        <source>%n suggestion(s) left out: they would not fit the GPUs or the model.</source>
        <translation>
            <numerusform>%n 件の候補を省きました：GPU に収まらないか、モデルに合いません。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+81"/>
        <source>Split #%1 cannot be measured. %2</source>
        <translation>分割 #%1 は測定できません。%2</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Cancelling: the model is loaded with its own split again…</source>
        <translation>キャンセル中: モデルを元の分割で再読み込みしています…</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+9"/>
        <source>Measuring split %1 of %2…</source>
        <translation>分割 %1 / %2 を測定中…</translation>
    </message>
    <message numerus="yes">
        <location line="+20"/>
        <source>Cancelled after %n split(s) measured.</source>
        <translation>
            <numerusform>%n 個の分割を測定した後にキャンセルしました。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Done: %n split(s) measured.</source>
        <translation>
            <numerusform>完了: %n 個の分割を測定しました。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tessera::gui::SplitBenchView</name>
    <message>
        <location filename="../gui/bench/split_bench_view.cpp" line="+204"/>
        <source>Measure the loaded model under 2 to 6 splits: each is loaded in turn and runs a short prompt and generation benchmark. Afterwards the model is loaded with its own split again.</source>
        <translation>読み込んだモデルを 2～6 通りの分割で測定します。各分割を順に読み込み、短いプロンプトと生成のベンチマークを実行します。終了後、モデルは元の分割で再び読み込まれます。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Split</source>
        <translation>分割</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Memory per GPU</source>
        <translation>GPU ごとのメモリ</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+18"/>
        <source>Prompt (tok/s)</source>
        <translation>プロンプト (tok/s)</translation>
    </message>
    <message>
        <location line="-17"/>
        <location line="+16"/>
        <source>Generation (tok/s)</source>
        <translation>生成 (tok/s)</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>Add Current Split</source>
        <translation>現在の分割を追加</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add the split chosen in the split editor</source>
        <translation>分割エディターで選んだ分割を追加します</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add Suggestions</source>
        <translation>候補を追加</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add layer and row split with even shares, and everything on the main GPU</source>
        <translation>均等な割合のレイヤー分割と行分割、およびメイン GPU のみを追加します</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove</source>
        <translation>削除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prompt:</source>
        <translation>プロンプト:</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+2"/>
        <source> tok</source>
        <translation> tok</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Generate:</source>
        <translation>生成:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Runs:</source>
        <translation>回数:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run Benchmark</source>
        <translation>ベンチマークを実行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Apply the Winner</source>
        <translation>最速の分割を適用</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Take the fastest split into the split editor and reload the model with it</source>
        <translation>最速の分割を分割エディターに取り込み、その分割でモデルを再読み込みします</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Generation</source>
        <translation>生成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prompt</source>
        <translation>プロンプト</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>GPU %1: %2</source>
        <extracomment>Bytes a split puts on one GPU: GPU index, size.</extracomment>
        <translation>GPU %1: %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+1"/>
        <source>%1 ± %2</source>
        <translation>%1 ± %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>pp%1 and tg%2 on %3</source>
        <extracomment>Tooltip of a measured split: the tests run and the backend.</extracomment>
        <translation>%3 で pp%1 と tg%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>cancelled</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>measuring…</source>
        <translation>測定中…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>does not fit</source>
        <extracomment>A split that cannot be measured (it would overflow a GPU): shown in its speed columns.</extracomment>
        <translation>収まらない</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>No winner: everything ran on the CPU (no GPU backend is in use), where the splits cannot differ; their speeds say nothing about the GPUs.</source>
        <extracomment>The benchmark&apos;s verdict when the model ran on the CPU, where the GPU split changes nothing.</extracomment>
        <translation>勝者なし：すべて CPU で実行されました（GPU バックエンドは使われていません）。CPU では分割による差は出ないため、この速度は GPU について何も示しません。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No clear winner: %1 are as fast as each other within the spread of the runs. Run more repetitions to tell them apart, or keep the split you have.</source>
        <extracomment>The benchmark&apos;s splits are as fast as each other within the runs&apos; spread: %1 lists them (&quot;#1, #3&quot;).</extracomment>
        <translation>明確な最速はありません：%1 は測定のばらつきの範囲内で同じ速さです。区別するには繰り返し回数を増やすか、今の分割のままにしてください。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Winner: #%1, %2 — %3 tok/s generation, %4 tok/s prompt</source>
        <translation>最速: #%1、%2 — 生成 %3 tok/s、プロンプト %4 tok/s</translation>
    </message>
    <message>
        <location line="-14"/>
        <source>Add at least two splits and run the benchmark; the fastest can then be applied.</source>
        <translation>分割を 2 つ以上追加してベンチマークを実行すると、最速の分割を適用できます。</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Split (#)</source>
        <translation>分割 (#)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Memory on the fullest GPU (GiB)</source>
        <translation>最も使用量の多い GPU のメモリ (GiB)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Memory on the fullest GPU (MiB)</source>
        <translation>最も使用量の多い GPU のメモリ (MiB)</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Load a model first</source>
        <translation>先にモデルを読み込んでください</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add at least two splits to compare</source>
        <translation>比較する分割を 2 つ以上追加してください</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load the model with each split in turn and measure it</source>
        <translation>各分割で順にモデルを読み込んで測定します</translation>
    </message>
</context>
<context>
    <name>tessera::gui::SplitEditor</name>
    <message>
        <location filename="../gui/gpus/split_editor.cpp" line="+168"/>
        <source>None (main GPU only)</source>
        <translation>なし（メイン GPU のみ）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Layer (whole layers per GPU)</source>
        <translation>レイヤー（GPU ごとにレイヤー単位）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Row (every matrix split by rows)</source>
        <translation>行（各行列を行単位で分割）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Layer: each GPU holds whole layers and the activations hop between GPUs.
Row: each weight matrix is split across the GPUs, which compute in parallel.
None: everything on the main GPU.</source>
        <translation>レイヤー：各 GPU がレイヤー全体を保持し、活性値が GPU 間を移動します。
行：各重み行列を GPU 間で分割し、並列に計算します。
なし：すべてメイン GPU に置きます。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The GPU that holds the shared tensors (row split) or everything (no split)</source>
        <translation>共有テンソル（行分割時）またはすべて（分割なし時）を保持する GPU</translation>
    </message>
    <message>
        <location line="+206"/>
        <source>F16</source>
        <extracomment>KV cache precision: 16-bit floats.</extracomment>
        <translation>F16</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>F32</source>
        <extracomment>KV cache precision: 32-bit floats.</extracomment>
        <translation>F32</translation>
    </message>
    <message>
        <location line="-202"/>
        <source>Even</source>
        <extracomment>Preset: the same share on every GPU.</extracomment>
        <translation>均等</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Free Memory</source>
        <extracomment>Preset: shares by each GPU&apos;s free memory.</extracomment>
        <translation>空きメモリ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Total Memory</source>
        <extracomment>Preset: shares by each GPU&apos;s total memory.</extracomment>
        <translation>総メモリ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The same share on every GPU</source>
        <translation>すべての GPU に同じ割合</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shares proportional to each GPU&apos;s free memory</source>
        <translation>各 GPU の空きメモリに比例した割合</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shares proportional to each GPU&apos;s total memory</source>
        <translation>各 GPU の総メモリに比例した割合</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Apply Split</source>
        <translation>分割を適用</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Split:</source>
        <translation>分割：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Main GPU:</source>
        <translation>メイン GPU：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KV cache:</source>
        <translation>KV キャッシュ：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Presets:</source>
        <translation>プリセット：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No GPU: the model runs on the CPU, so there is nothing to split.</source>
        <translation>GPU がありません。モデルは CPU で実行されるため、分割するものはありません。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>used by others</source>
        <translation>他のプログラムが使用中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>weights</source>
        <translation>重み</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KV cache</source>
        <translation>KV キャッシュ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scratch</source>
        <translation>作業領域</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dashed line: usable limit</source>
        <translation>破線：使用可能な上限</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: %2</source>
        <extracomment>A GPU: its CUDA index and its name (&quot;0: NVIDIA H200&quot;).</extracomment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>UUID %1</source>
        <translation>UUID %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Share of the model for %1</source>
        <translation>%1 に割り当てるモデルの割合</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Share of the model this GPU gets (the ratios normalised)</source>
        <translation>この GPU に割り当てられるモデルの割合（比率を正規化）</translation>
    </message>
    <message>
        <location line="+153"/>
        <source>layer %1</source>
        <translation>レイヤー %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KV head %1</source>
        <translation>KV ヘッド %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>KV heads %1–%2</source>
        <translation>KV ヘッド %1–%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FFN row %1</source>
        <translation>FFN 行 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>FFN rows %1–%2</source>
        <translation>FFN 行 %1–%2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Holds nothing of the model (%1 usable)</source>
        <translation>モデルを何も保持しません（使用可能 %1）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Weights %1 · KV cache %2 · Recurrent state %3 · Scratch %4 = %5 of %6 usable</source>
        <extracomment>A GPU&apos;s share of a hybrid model (Qwen3.5/3.6): the recurrent layers&apos; state does not grow with the context.</extracomment>
        <translation>重み %1 · KV キャッシュ %2 · 再帰状態 %3 · 作業領域 %4 = %5（使用可能 %6）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Weights %1 · KV cache %2 · Scratch %3 = %4 of %5 usable</source>
        <translation>重み %1 · KV キャッシュ %2 · 作業領域 %3 = %4（使用可能 %5）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Open a model to see what each GPU would hold.</source>
        <translation>モデルを開くと、各 GPU が保持する内容が表示されます。</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%1 · context %Ln token(s) · %2 KV cache</source>
        <extracomment>The previewed model: its name, the context length, the KV cache precision (F16, F32, Q8_0, Q4_0).</extracomment>
        <translation>
            <numerusform>%1 · コンテキスト %Ln トークン · KV キャッシュ %2</numerusform>
        </translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 free of %2</source>
        <translation>空き %1 / %2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 %</source>
        <extracomment>A GPU&apos;s share of the model, in percent.</extracomment>
        <translation>%1%</translation>
    </message>
    <message>
        <location line="-67"/>
        <source>layers %1–%2</source>
        <translation>レイヤー %1–%2</translation>
    </message>
    <message>
        <location line="+77"/>
        <source>%1, %2</source>
        <extracomment>Which KV heads and FFN rows a GPU holds (&quot;KV heads 0–3, FFN rows 0–5,631&quot;).</extracomment>
        <translation>%1、%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (%2)</source>
        <extracomment>What a GPU would hold (bytes), then which layers or rows.</extracomment>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>This split cannot be planned: %1</source>
        <translation>この分割は計画できません：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Does not fit: %1</source>
        <translation>収まりません：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>Fits: %1 in total on %n GPU(s).</source>
        <translation>
            <numerusform>収まります：%n 台の GPU に合計 %1。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Load a model first; the next load uses this split</source>
        <translation>先にモデルを読み込んでください。次回の読み込みでこの分割が使われます</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The model would not fit with this split</source>
        <translation>この分割ではモデルが収まりません</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The loaded model already uses this split</source>
        <translation>読み込み済みのモデルは既にこの分割を使用しています</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reload the model with this split</source>
        <translation>この分割でモデルを再読み込み</translation>
    </message>
    <message>
        <location line="-283"/>
        <source> %</source>
        <extracomment>Suffix of a GPU&apos;s share in the split editor&apos;s number box (&quot;60.0 %&quot;).</extracomment>
        <translation>%</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1&apos;s share of the model in percent; the other GPUs share the rest in proportion</source>
        <translation>%1 が受け持つモデルの割合（％）。残りは他の GPU が比率に応じて分け合います</translation>
    </message>
    <message>
        <location line="+168"/>
        <source>Q8_0</source>
        <extracomment>KV cache precision: 8-bit integers with a scale per 32 values (ggml&apos;s Q8_0).</extracomment>
        <translation>Q8_0</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Q4_0</source>
        <extracomment>KV cache precision: 4-bit integers with a scale per 32 values (ggml&apos;s Q4_0).</extracomment>
        <translation>Q4_0</translation>
    </message>
    <message>
        <location line="-209"/>
        <source>Precision of the KV cache: F32 doubles its size; Q8_0 and Q4_0 keep 8-bit and 4-bit values with a scale per 32, about half and a quarter of F16&apos;s size</source>
        <translation>KV キャッシュの精度：F32 ではサイズが 2 倍になります。Q8_0 と Q4_0 は 32 値ごとのスケール付きで 8 ビットと 4 ビットの値を保持し、サイズは F16 の約半分と約 4 分の 1 です</translation>
    </message>
    <message>
        <location line="+276"/>
        <source>Weights: %1 bytes
KV cache: %2 bytes
Recurrent state: %3 bytes
Scratch: %4 bytes
Total: %5 bytes
Usable: %6 bytes</source>
        <translation>重み：%1 バイト
KV キャッシュ：%2 バイト
再帰状態：%3 バイト
作業領域：%4 バイト
合計：%5 バイト
使用可能：%6 バイト</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Total %1 %</source>
        <extracomment>The GPUs&apos; shares added up, in percent.</extracomment>
        <translation>合計 %1 %</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The shares of all GPUs add up to this</source>
        <translation>全 GPU の割合の合計です</translation>
    </message>
</context>
<context>
    <name>tessera::gui::SplitPreviewModel</name>
    <message>
        <location filename="../gui/gpus/split_preview_model.cpp" line="+291"/>
        <source>Would overflow: needs %1 but only %2 is usable (%3 free, %4 kept in reserve). Choose Layer or Row split to spread the model over the GPUs, shorten the context or use a smaller quantization.</source>
        <translation>あふれます：%1 が必要ですが、使用可能なのは %2 だけです（空き %3、予備 %4）。レイヤーまたは行の分割を選んでモデルを複数の GPU に分散するか、コンテキストを短くするか、より小さい量子化を使ってください。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Would overflow: needs %1 but only %2 is usable (%3 free, %4 kept in reserve). Move share to another GPU, shorten the context or use a smaller quantization.</source>
        <translation>あふれます：%1 が必要ですが、使用可能なのは %2 だけです（空き %3、予備 %4）。割合を別の GPU に移すか、コンテキストを短くするか、より小さい量子化を使ってください。</translation>
    </message>
</context>
<context>
    <name>tessera::gui::StatusLine</name>
    <message>
        <location filename="../gui/app/status_line.cpp" line="+46"/>
        <source>Last reply: %1 tok/s</source>
        <translation>直前の応答：%1 tok/s</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No model loaded</source>
        <translation>モデルが読み込まれていません</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Connecting to %1…</source>
        <extracomment>The OpenAI-compatible server&apos;s URL.</extracomment>
        <translation>%1 に接続しています…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Loading %1… %2%</source>
        <extracomment>The file being loaded, then how much of it is done, in percent.</extracomment>
        <translation>%1 を読み込み中… %2%</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Ready: %1 on the server %2</source>
        <extracomment>The server&apos;s model id, then the server&apos;s base URL.</extracomment>
        <translation>準備完了: サーバー %2 の %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Ready: %1 (%2, %3 parameters) on the CPU</source>
        <extracomment>Model name, architecture, parameter count (&quot;7.24 B&quot;).</extracomment>
        <translation>準備完了：%1（%2、%3 パラメーター）、CPU で実行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ready: %1 (%2, %3 parameters) on %4</source>
        <extracomment>Model name, architecture, parameter count (&quot;7.24 B&quot;), the engine&apos;s backend (&quot;cuda (2 GPUs)&quot;).</extracomment>
        <translation>準備完了：%1（%2、%3 パラメーター）、%4 で実行</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Reading the prompt: %1 / %2 tok (Esc stops)</source>
        <extracomment>Status bar while the model reads the conversation: tokens read, of all. Esc stops.</extracomment>
        <translation>プロンプトを読み込み中：%1 / %2 tok（Esc で停止）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Generating: %1 tok so far</source>
        <translation>生成中：これまで %1 tok</translation>
    </message>
</context>
<context>
    <name>tessera::gui::SystemPromptEdit</name>
    <message>
        <location filename="../gui/chat/system_prompt_edit.cpp" line="+22"/>
        <source>For example: You are a helpful assistant. Answer briefly.</source>
        <translation>例：あなたは親切なアシスタントです。簡潔に答えてください。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instructions the model sees before the conversation. Used only by models with a chat template.</source>
        <translation>会話の前にモデルに与える指示です。チャットテンプレートを持つモデルでのみ使われます。</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ThemeSwitcher</name>
    <message>
        <location filename="../gui/settings/theme_switcher.cpp" line="+127"/>
        <source>&amp;Theme</source>
        <extracomment>Settings menu: the colours of the app.</extracomment>
        <translation>テーマ(&amp;T)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>System default</source>
        <extracomment>Theme menu entry: the desktop&apos;s own colours.</extracomment>
        <translation>システムの既定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Light</source>
        <translation>ライト</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dark</source>
        <translation>ダーク</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ThroughputPlot</name>
    <message>
        <location filename="../gui/performance/throughput_plot.cpp" line="-324"/>
        <source>Tokens per second appear here while the model answers.</source>
        <translation>モデルの応答中、ここに毎秒のトークン数が表示されます。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Export PNG…</source>
        <translation>PNG に書き出す…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save this plot as a PNG image</source>
        <translation>このグラフを PNG 画像として保存</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>seconds since the request</source>
        <translation>リクエストからの秒数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>generation tokens/s</source>
        <translation>生成 トークン/秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>prompt tokens/s</source>
        <translation>プロンプト トークン/秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>reply</source>
        <extracomment>Axis of the recent-replies bar chart: reply number.</extracomment>
        <translation>応答</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>generation</source>
        <extracomment>Axis of the recent-replies bar chart: generation tokens/s.</extracomment>
        <translation>生成</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+3"/>
        <source>prompt</source>
        <extracomment>Axis of the recent-replies bar chart (and the band over the prompt phase): prompt tokens/s.</extracomment>
        <translation>プロンプト</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prompt tokens/s</source>
        <translation>プロンプト トークン/秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Generation tokens/s</source>
        <translation>生成 トークン/秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Generation tokens/s per reply</source>
        <translation>応答ごとの生成 トークン/秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prompt tokens/s per reply</source>
        <translation>応答ごとのプロンプト トークン/秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+55"/>
        <source>Earlier replies</source>
        <translation>以前の応答</translation>
    </message>
    <message>
        <location line="-37"/>
        <source>first token
%1 s</source>
        <extracomment>Next to the dashed line at the first token: the time it took, in seconds.</extracomment>
        <translation>最初のトークン
%1 秒</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Reply %1: reading the prompt…</source>
        <translation>応答 %1：プロンプトを読み込み中…</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Reply %1: first token after %2 s, generating…</source>
        <translation>応答 %1：%2 秒で最初のトークン、生成中…</translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>Reply %1: %2 tokens/s, %Ln token(s) so far</source>
        <extracomment>While generating: reply number, current speed, tokens generated so far.</extracomment>
        <translation>
            <numerusform>応答 %1：%2 トークン/秒、これまで %Ln トークン</numerusform>
        </translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Reply %1 failed</source>
        <translation>応答 %1 は失敗しました</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>prompt %1 tok at %2 tok/s</source>
        <translation>プロンプト %1 tok（%2 tok/s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>prompt —</source>
        <translation>プロンプト —</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>generated %1 tok at %2 tok/s · first token %3 s</source>
        <translation>生成 %1 tok（%2 tok/s）· 最初のトークン %3 秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no token generated</source>
        <translation>トークンは生成されていません</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reply %1 (stopped): %2 · %3</source>
        <extracomment>A reply the user stopped: reply number, the prompt part, the generation part.</extracomment>
        <translation>応答 %1（停止）：%2 · %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reply %1: %2 · %3</source>
        <extracomment>A finished reply: reply number, the prompt part, the generation part.</extracomment>
        <translation>応答 %1：%2 · %3</translation>
    </message>
    <message>
        <location line="+154"/>
        <source>Throughput of %1, %2</source>
        <extracomment>Title of an exported throughput plot: the model&apos;s name, the date and time.</extracomment>
        <translation>%1 のスループット、%2</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Export Throughput Plot</source>
        <translation>スループットグラフを書き出す</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>throughput.png</source>
        <translation>throughput.png</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PNG images (*.png)</source>
        <translation>PNG 画像 (*.png)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Saved the plot to %1</source>
        <extracomment>After Export PNG…: where the image went, or that it could not be written.</extracomment>
        <translation>グラフを %1 に保存しました</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The plot could not be saved to %1</source>
        <translation>グラフを %1 に保存できませんでした</translation>
    </message>
</context>
</TS>
