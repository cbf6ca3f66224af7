<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>CommandLine</name>
    <message>
        <location filename="../gui/app/command_line.cpp" line="+9"/>
        <source>Tessera runs GGUF language models on your GPUs and lets you chat with them.</source>
        <translation>Tessera 在您的 GPU 上运行 GGUF 语言模型，并让您与它们对话。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open and load the GGUF model FILE.</source>
        <translation>打开并加载 GGUF 模型“文件”。</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+2"/>
        <source>FILE</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>A GGUF model to open (same as --model).</source>
        <translation>要打开的 GGUF 模型（与 --model 相同）。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>[FILE]</source>
        <translation>[文件]</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Give one model file, either with --model or as the only argument.</source>
        <translation>请只指定一个模型文件，使用 --model 或作为唯一的参数。</translation>
    </message>
</context>
<context>
    <name>ConversationIo</name>
    <message>
        <location filename="../gui/history/conversation_io.cpp" line="+123"/>
        <source>%1 is not valid JSON: %2 at byte %3.</source>
        <translation>%1 不是有效的 JSON：第 %3 字节处 %2。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 is not a Tessera conversation (expected &quot;format&quot;: &quot;%2&quot;).</source>
        <translation>%1 不是 Tessera 对话（应为 &quot;format&quot;: &quot;%2&quot;）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 was written by a newer Tessera (conversation version %2; this version reads %3).</source>
        <translation>%1 由更新版本的 Tessera 写入（对话版本 %2；此版本可读取 %3）。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Message %1 in %2 has role &quot;%3&quot;; expected &quot;user&quot; or &quot;assistant&quot;.</source>
        <translation>%2 中的消息 %1 的角色为 &quot;%3&quot;；应为 &quot;user&quot; 或 &quot;assistant&quot;。</translation>
    </message>
    <message>
        <location line="+20"/>
        <location line="+5"/>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
</context>
<context>
    <name>ConversationStore</name>
    <message>
        <location filename="../gui/history/conversation_store.cpp" line="+57"/>
        <source>Empty conversation</source>
        <translation>空对话</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Cannot create the folder %1 for conversations.</source>
        <translation>无法创建用于保存对话的文件夹 %1。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Cannot delete %1: %2</source>
        <translation>无法删除 %1：%2</translation>
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
        <translation>CPU（%1 线程，KV 缓存 %2，上下文 %3）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Prompt: —</source>
        <extracomment>A figure under a reply that is not known or did not happen.</extracomment>
        <translation>提示词：—</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Prompt: %1 tok</source>
        <extracomment>Prompt tokens without a rate (nobody measured how long they took).</extracomment>
        <translation>提示词：%1 tok</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Prompt: %1 tok at %2 tok/s</source>
        <translation>提示词：%1 tok，%2 tok/s</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, %2 tok cached</source>
        <extracomment>After &quot;Prompt: 12 tok at 950.3 tok/s&quot;: prompt tokens reused from the cache, not read again.</extracomment>
        <translation>%1，已缓存 %2 tok</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Generation: —</source>
        <translation>生成：—</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Generation: %1 tok at %2 tok/s</source>
        <translation>生成：%1 tok，%2 tok/s</translation>
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
        <translation>%1（其中思考 %2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>First token: %1 s</source>
        <translation>首个 token：%1 秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>First token: —</source>
        <translation>首个 token：—</translation>
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
        <translation>在上下文已满后继续（%1 次，遗忘了之前的 %2 tok）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Earlier messages left out to fit the context (%1 messages, %2 tok)</source>
        <extracomment>Under a reply: the context overflow policy left earlier messages out of what the model saw.</extracomment>
        <translation>为适应上下文省略了之前的消息（%1 条，%2 tok）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Part of the conversation left out to fit the context (%1 tok)</source>
        <extracomment>Under a reply: the overflow policy cut tokens out of the middle of the conversation (no whole message).</extracomment>
        <translation>为适应上下文省略了部分对话（%1 tok）</translation>
    </message>
</context>
<context>
    <name>ErrorTexts</name>
    <message>
        <location filename="../gui/common/error_text.cpp" line="+12"/>
        <source>The file is damaged or is not a GGUF model. Download it again or open another file.</source>
        <translation>文件已损坏或不是 GGUF 模型。请重新下载，或打开其他文件。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tessera cannot run this model yet. Choose a model with a supported architecture and tensor types (for example a llama, mistral or qwen2 model in F16, Q8_0, Q4_K or Q6_K).</source>
        <translation>Tessera 暂时无法运行此模型。请选择架构和张量类型受支持的模型（例如 F16、Q8_0、Q4_K 或 Q6_K 格式的 llama、mistral 或 qwen2 模型）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose a smaller context length, a more strongly quantized model, or spread the model over more GPUs.</source>
        <translation>请选择更短的上下文长度、量化程度更高的模型，或将模型分布到更多 GPU 上。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check that the NVIDIA driver is working (nvidia-smi), then try again.</source>
        <translation>请检查 NVIDIA 驱动是否正常工作（nvidia-smi），然后重试。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing was loaded. Press Load to start again.</source>
        <translation>未加载任何内容。请按“加载”重新开始。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check that the file exists and that you may read it.</source>
        <translation>请检查文件是否存在，以及您是否有读取权限。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Check the settings and try again.</source>
        <translation>请检查设置后重试。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Loading %1 was cancelled</source>
        <translation>已取消加载 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 does not fit in memory</source>
        <translation>%1 无法装入内存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is not supported</source>
        <translation>不支持 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is not a valid model file</source>
        <translation>%1 不是有效的模型文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not load %1</source>
        <translation>无法加载 %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 is still loaded: the chat goes on with it. %2</source>
        <extracomment>After a failed load: %1 is the model that was loaded before and still is; %2 the advice.</extracomment>
        <translation>%1 仍处于加载状态，对话可继续使用它。%2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Let the conversation go on: choose Truncate middle or Rolling window beside the context meter, and the model forgets older messages. Or start a new conversation (New Conversation), or load the model with a larger context (Context in the model panel, then Load).</source>
        <extracomment>&quot;Truncate middle&quot;, &quot;Rolling window&quot; and &quot;New Conversation&quot; are the chat&apos;s choices and button, &quot;Context&quot; the model panel&apos;s field: use their translations.</extracomment>
        <translation>让对话继续：在上下文指示条旁选择“截断中间”或“滚动窗口”，模型会遗忘较早的消息。或者开始新的对话（“新对话”），或以更大的上下文加载模型（在模型面板中设置“上下文长度”，然后按“加载”）。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The conversation fills the model&apos;s context</source>
        <translation>对话已占满模型的上下文</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The last reply was cut off: all %1 tokens of the context are used, so nothing more fits.</source>
        <translation>最后一条回复被截断：上下文的全部 %1 个 token 均已用完，无法再容纳更多内容。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The conversation no longer fits the model&apos;s context</source>
        <translation>对话已超出模型的上下文</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The reply ran out of memory</source>
        <translation>生成回复时内存不足</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The reply could not be generated</source>
        <translation>无法生成回复</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Start a new conversation or load the model with a longer context.</source>
        <translation>请开始新的对话，或以更长的上下文加载模型。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cannot open %1</source>
        <translation>无法打开 %1</translation>
    </message>
</context>
<context>
    <name>MemoryCheck</name>
    <message>
        <location filename="../gui/models/memory_check.cpp" line="+45"/>
        <source>%1 may not fit in memory</source>
        <translation>%1 可能无法装入内存</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Loading it on the CPU needs about %1 (weights and context), but only %2 of memory is available.</source>
        <extracomment>Planned bytes of the load, then the bytes the system has available (&quot;36.20 GiB&quot;, &quot;23.10 GiB&quot;).</extracomment>
        <translation>在 CPU 上加载约需 %1（权重和上下文），但可用内存只有 %2。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose a smaller or more strongly quantized model, or a shorter context. Loading anyway can make the computer swap until it barely responds.</source>
        <translation>请选择更小或量化程度更高的模型，或更短的上下文。强行加载可能导致计算机频繁使用交换空间，以致几乎无法响应。</translation>
    </message>
</context>
<context>
    <name>ModelProblems</name>
    <message>
        <location filename="../gui/models/model_preview.cpp" line="+49"/>
        <source>Damaged or not a GGUF file</source>
        <translation>文件损坏或不是 GGUF 文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Vocabulary only: no weights</source>
        <extracomment>A GGUF file with a tokenizer&apos;s vocabulary but no tensors (no model to run).</extracomment>
        <translation>仅词表：没有权重</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unsupported architecture: %1</source>
        <translation>不支持的架构：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Unsupported tensor type: %1</source>
        <translation>不支持的张量类型：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Incomplete or malformed model</source>
        <translation>模型不完整或格式错误</translation>
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
        <translation>截断中间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rolling window</source>
        <extracomment>Context overflow policy: keep only the latest messages (and the system prompt).</extracomment>
        <translation>滚动窗口</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>When the context is full, the reply stops and the conversation cannot go on.</source>
        <translation>上下文已满时，回复停止，对话无法继续。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>When the context is full, the model keeps the system prompt, the first exchange and the most recent messages, and forgets the ones in between.</source>
        <translation>上下文已满时，模型保留系统提示、第一轮对话和最近的消息，遗忘中间的消息。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>When the context is full, the model keeps the system prompt and the most recent messages, and forgets the oldest.</source>
        <translation>上下文已满时，模型保留系统提示和最近的消息，遗忘最早的消息。</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ChatInput</name>
    <message>
        <location filename="../gui/chat/chat_input.cpp" line="+16"/>
        <source>Write a message… (Enter sends, Shift+Enter for a new line)</source>
        <translation>输入消息…（Enter 发送，Shift+Enter 换行）</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ChatPanel</name>
    <message>
        <location filename="../gui/chat/chat_panel.cpp" line="+103"/>
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Regenerate</source>
        <translation>重新生成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New Conversation</source>
        <translation>新对话</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The conversation holds %1 of the %2 tokens the model can keep in mind. When they are used up, what happens depends on the policy beside this meter: the reply stops, or older messages are forgotten.</source>
        <translation>对话占用了模型可记住的 %2 个 token 中的 %1 个。用完后会怎样取决于此指示条旁的设置：回复停止，或遗忘较早的消息。</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Send the message (Enter)</source>
        <translation>发送消息（Enter）</translation>
    </message>
    <message>
        <location line="-56"/>
        <source>Stop the reply being generated (Esc)</source>
        <translation>停止正在生成的回复（Esc）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Discard the last reply and generate a new one</source>
        <translation>丢弃最后一条回复并重新生成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start a new, empty conversation</source>
        <translation>开始一个新的空白对话</translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+3"/>
        <source>Context: %1 / %2 tok</source>
        <extracomment>The context meter under the chat: tokens the conversation holds, of the model&apos;s context.</extracomment>
        <translation>上下文：%1 / %2 tok</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Load a model first (Load in the model panel)</source>
        <translation>请先加载模型（模型面板中的“加载”）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wait until the model has loaded</source>
        <translation>请等待模型加载完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wait for the reply to finish, or press Stop</source>
        <translation>请等待回复完成，或按“停止”</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write a message first</source>
        <translation>请先输入消息</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Open a GGUF model to start: File ▸ Open Model…, or drop a .gguf file here.</source>
        <extracomment>&quot;File ▸ Open Model…&quot; names the File menu and its entry: use their translations (without the &amp;).</extracomment>
        <translation>请先打开一个 GGUF 模型：文件 ▸ 打开模型…，或将 .gguf 文件拖放到此处。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Press Load to load %1, then write a message.</source>
        <extracomment>&quot;Load&quot; is the model panel&apos;s Load button: use its translation. %1 is the model&apos;s name.</extracomment>
        <translation>请按“加载”加载 %1，然后输入消息。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Loading the model…</source>
        <translation>正在加载模型…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The model is ready. Write a message below.</source>
        <translation>模型已就绪。请在下方输入消息。</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ConversationSession</name>
    <message>
        <location filename="../gui/history/conversation_session.cpp" line="+52"/>
        <source>The conversation was not saved</source>
        <translation>对话未保存</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Choose a folder you can write to and try again.</source>
        <translation>请选择您有写入权限的文件夹后重试。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Saved the conversation to %1</source>
        <translation>已将对话保存到 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+60"/>
        <source>Open Conversation</source>
        <translation>打开对话</translation>
    </message>
    <message>
        <location line="-60"/>
        <location line="+60"/>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <location line="-56"/>
        <location line="+60"/>
        <source>The conversation could not be opened</source>
        <translation>无法打开对话</translation>
    </message>
    <message>
        <location line="-60"/>
        <source>Choose a conversation file saved by Tessera.</source>
        <translation>请选择由 Tessera 保存的对话文件。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Opened the conversation %1</source>
        <translation>已打开对话 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>New Conversation</source>
        <translation>新对话</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>A reply is being generated. It stops here; what it wrote so far is kept.</source>
        <translation>正在生成回复。回复将在此停止；已生成的内容会保留。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The conversation could not be saved (%1). It will be lost.</source>
        <translation>无法保存对话（%1）。对话将会丢失。</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Choose another conversation.</source>
        <translation>请选择其他对话。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The conversation was not renamed</source>
        <translation>对话未重命名</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+22"/>
        <source>Check that the folder can be written to.</source>
        <translation>请检查该文件夹是否可写入。</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>Delete Conversation</source>
        <translation>删除对话</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Delete this conversation? It cannot be brought back.</source>
        <translation>要删除此对话吗？删除后无法恢复。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The conversation was not deleted</source>
        <translation>对话未删除</translation>
    </message>
</context>
<context>
    <name>tessera::gui::DeviceSource</name>
    <message>
        <location filename="../gui/gpus/device_source.cpp" line="+133"/>
        <source>no GPU in the device list</source>
        <translation>设备列表中没有 GPU</translation>
    </message>
</context>
<context>
    <name>tessera::gui::DockTitleBar</name>
    <message>
        <location filename="../gui/app/dock_title_bar.cpp" line="+80"/>
        <source>Show this panel</source>
        <translation>显示此面板</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Collapse this panel to its title</source>
        <translation>将此面板折叠为标题栏</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Float or dock this panel</source>
        <translation>浮动或停靠此面板</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close this panel (View menu brings it back)</source>
        <translation>关闭此面板（可通过“视图”菜单重新显示）</translation>
    </message>
</context>
<context>
    <name>tessera::gui::DownloadQueueModel</name>
    <message>
        <location filename="../gui/download/download_queue_model.cpp" line="+116"/>
        <source>Waiting</source>
        <extracomment>States of a download in the Download view&apos;s queue.</extracomment>
        <translation>等待中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Downloading</source>
        <translation>正在下载</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Part %1 of %2: %3 of %4, </source>
        <extracomment>File %1 of %2 of a model in parts: its name, then its bytes received of its size.</extracomment>
        <translation>第 %1/%2 部分：%3 / %4，</translation>
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
        <translation>模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Progress</source>
        <translation>进度</translation>
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
        <translation>剩余时间</translation>
    </message>
</context>
<context>
    <name>tessera::gui::DownloadView</name>
    <message>
        <location filename="../gui/download/download_view.cpp" line="+213"/>
        <source>Downloaded %1: it is in the Library.</source>
        <extracomment>%1: the downloaded model&apos;s file.</extracomment>
        <translation>已下载 %1：它已在模型库中。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The download of %1 failed</source>
        <extracomment>%1: the model&apos;s file.</extracomment>
        <translation>%1 下载失败</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Download</source>
        <translation>下载</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The environment&apos;s hub settings cannot be used</source>
        <translation>环境变量中的 Hub 设置无法使用</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Searching for “%1”…</source>
        <extracomment>%1: the text searched for on the hub.</extracomment>
        <translation>正在搜索“%1”…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The search failed</source>
        <translation>搜索失败</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 repositories with GGUF models for “%2”.</source>
        <extracomment>%1: how many repositories the hub found; %2: the text searched for.</extracomment>
        <translation>“%2”的 GGUF 模型仓库：%1 个。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Models of %1 (listing…)</source>
        <extracomment>%1: a hub repository (OWNER/NAME).</extracomment>
        <translation>%1 的模型（正在列出…）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Models of %1</source>
        <translation>%1 的模型</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The files of %1 could not be listed</source>
        <translation>无法列出 %1 的文件</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 has no GGUF model.</source>
        <translation>%1 没有 GGUF 模型。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1 cannot be resumed</source>
        <translation>无法继续下载 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The repository %2 no longer lists %1.</source>
        <extracomment>%1: a file name; %2: a hub repository.</extracomment>
        <translation>仓库 %2 已不再包含 %1。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>There is no models folder</source>
        <translation>没有模型文件夹</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The download cannot start</source>
        <translation>无法开始下载</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>Search the hub for GGUF models, e.g. Qwen3 8B</source>
        <extracomment>Placeholder of the Download view&apos;s search box.</extracomment>
        <translation>在 Hub 中搜索 GGUF 模型，例如 Qwen3 8B</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Search</source>
        <translation>搜索(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pick a repository to see its models.</source>
        <translation>选择一个仓库以查看其模型。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Download</source>
        <translation>下载(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Downloads</source>
        <translation>下载次数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Resume</source>
        <translation>继续(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unfinished downloads in the models folder:</source>
        <translation>模型文件夹中未完成的下载：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Resume &amp;Unfinished</source>
        <translation>继续未完成的(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hub &amp;address:</source>
        <translation>Hub 地址(&amp;A)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Access &amp;token:</source>
        <translation>访问令牌(&amp;T)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>For gated models: accept the licence on the model&apos;s page and give a token of your account.</source>
        <extracomment>Tooltip of the access token field.</extracomment>
        <translation>对于受限模型：请在模型页面上接受许可协议，并提供您账户的令牌。</translation>
    </message>
</context>
<context>
    <name>tessera::gui::EngineWorker</name>
    <message>
        <location filename="../gui/engine/engine_worker.cpp" line="+99"/>
        <location line="+181"/>
        <source>Loading %1 was cancelled.</source>
        <translation>已取消加载 %1。</translation>
    </message>
    <message>
        <location line="-133"/>
        <source>No model is loaded. Open and load a model first.</source>
        <translation>尚未加载模型。请先打开并加载模型。</translation>
    </message>
    <message>
        <location line="+123"/>
        <source>The benchmark was cancelled.</source>
        <translation>基准测试已取消。</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ErrorBanner</name>
    <message>
        <location filename="../gui/common/error_banner.cpp" line="+73"/>
        <source>Dismiss</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dismiss message</source>
        <translation>关闭消息</translation>
    </message>
</context>
<context>
    <name>tessera::gui::GgufChoiceModel</name>
    <message>
        <location filename="../gui/download/gguf_choice_model.cpp" line="+66"/>
        <source>Reading the header…</source>
        <extracomment>The Download view&apos;s &quot;fits?&quot; column while the model&apos;s header comes from the hub.</extracomment>
        <translation>正在读取文件头…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Cannot tell: %1</source>
        <extracomment>%1: why the model&apos;s header could not be read (names the URL and the reason).</extracomment>
        <translation>无法判断：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No GPU: it would run on the CPU</source>
        <translation>没有 GPU：将在 CPU 上运行</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Fits on GPU %1 with this split</source>
        <extracomment>%1: the GPUs that would hold the model, e.g. &quot;0 + 1&quot;.</extracomment>
        <translation>按此拆分可放入 GPU %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Would overflow GPU %1: %2 needed, %3 usable</source>
        <extracomment>%1: GPU number; %2: bytes the model would need there; %3: bytes usable there.</extracomment>
        <translation>将超出 GPU %1：需要 %2，可用 %3</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1 (%2 parts)</source>
        <extracomment>A model split into parts: its first file and how many parts it has.</extracomment>
        <translation>%1（%2 个部分）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Quantization</source>
        <translation>量化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fits?</source>
        <extracomment>Column of a repository&apos;s models: whether each fits on the GPUs with the split chosen now.</extracomment>
        <translation>能否放入？</translation>
    </message>
</context>
<context>
    <name>tessera::gui::GpuListModel</name>
    <message>
        <location filename="../gui/gpus/gpu_list_model.cpp" line="+36"/>
        <source>%1 used · %2 free of %3</source>
        <translation>已用 %1 · 空闲 %2 / 共 %3</translation>
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
PCI 总线：%3
计算能力：%4
显存：%5</translation>
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
        <translation>计算能力</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
</context>
<context>
    <name>tessera::gui::GpuPanel</name>
    <message>
        <location filename="../gui/gpus/gpu_panel.cpp" line="+77"/>
        <source>No GPU can be used: %1.
Tessera runs models on the CPU.</source>
        <extracomment>%1 is why (from the driver or the build), e.g. &quot;no NVIDIA driver/GPU found&quot;.</extracomment>
        <translation>没有可用的 GPU：%1。
Tessera 将在 CPU 上运行模型。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Looking for GPUs…</source>
        <translation>正在查找 GPU…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Reading GPU memory failed: %1</source>
        <translation>读取 GPU 显存失败：%1</translation>
    </message>
</context>
<context>
    <name>tessera::gui::GpuWorkspace</name>
    <message>
        <location filename="../gui/gpus/gpu_workspace.cpp" line="+105"/>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU Memory</source>
        <translation>GPU 显存</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Performance</source>
        <translation>性能</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Split Benchmark</source>
        <translation>拆分基准测试</translation>
    </message>
</context>
<context>
    <name>tessera::gui::GuideDialog</name>
    <message>
        <location filename="../gui/app/guide_dialog.cpp" line="+55"/>
        <source>Getting started</source>
        <translation>快速上手</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open a GGUF model (File ▸ Open Model…, a .gguf file dropped on the window, or the Model Library) and it is described in the Model panel before anything is loaded: what it is, how large, and whether Tessera can run it. Press Load, then write a message. Opening a model from the Library or Recent Models loads it at once.</source>
        <translation>打开一个 GGUF 模型（文件 ▸ 打开模型…、把 .gguf 文件拖到窗口上，或使用模型库），模型面板会在加载前说明它是什么、有多大以及 Tessera 能否运行它。点击“加载”，然后输入消息。从模型库或最近使用的模型中打开的模型会立即加载。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The split workspace (the GPUs tab)</source>
        <translation>拆分工作区（GPU 标签页）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>With more than one GPU, choose how the model is spread over them. Layer split gives each GPU whole layers; row split cuts every layer across the GPUs (for models whose heads divide evenly, without experts); None puts everything on the main GPU. Drag the sliders to set each GPU&apos;s share.</source>
        <translation>有多块 GPU 时，选择如何把模型分布到各 GPU 上。按层拆分让每块 GPU 承担完整的层；按行拆分把每一层切分到各 GPU（适用于注意力头可均分且没有专家的模型）；“无”把全部放在主 GPU 上。拖动滑块设置每块 GPU 的份额。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The bars show what each GPU will hold (weights, KV cache, scratch) before anything is loaded, from the same plan the loader follows; a bar that would overflow turns red and says by how much. A smaller KV cache type (q8_0, q4_0) makes room for a longer context. Apply loads the model again with the split.</source>
        <translation>这些条形图在加载前显示每块 GPU 将容纳的内容（权重、KV 缓存、临时空间），依据的正是加载器所遵循的同一计划；会溢出的条形会变红并显示超出多少。更小的 KV 缓存类型（q8_0、q4_0）能为更长的上下文腾出空间。“应用”会按该拆分重新加载模型。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The split benchmark</source>
        <translation>拆分基准测试</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add two to six splits (the current one, or the suggestions), press Run Benchmark: the loaded model is loaded with each split in turn and measured, then loaded as it was. Splits that would not fit are refused. A difference within the runs&apos; spread is called a tie; Apply the Winner loads the fastest split.</source>
        <translation>添加两到六种拆分（当前拆分或建议），点击“运行基准测试”：已加载的模型会依次按每种拆分加载并测量，然后恢复原来的加载方式。放不下的拆分会被拒绝。差异在多次运行的波动范围内视为平局；“应用最佳”会加载最快的拆分。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Editing a message</source>
        <translation>编辑消息</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit under one of your messages changes it and gets a new reply from there; the messages after it are replaced. Regenerate asks again for the last reply.</source>
        <translation>在你的某条消息下点击“编辑”可修改它并从该处获取新的回复；其后的消息会被替换。“重新生成”会重新请求最后一条回复。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Send the message</source>
        <extracomment>A shortcut of the message box.</extracomment>
        <translation>发送消息</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New line in the message</source>
        <translation>在消息中换行</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Tessera Guide</source>
        <translation>Tessera 指南</translation>
    </message>
</context>
<context>
    <name>tessera::gui::HistoryPanel</name>
    <message>
        <location filename="../gui/history/history_panel.cpp" line="+113"/>
        <source>Search conversations</source>
        <translation>搜索对话</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rename</source>
        <translation>重命名</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give the selected conversation a title</source>
        <translation>为所选对话设置标题</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the selected conversation for good</source>
        <translation>永久删除所选对话</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>%1
Last changed %2</source>
        <translation>%1
最后修改：%2</translation>
    </message>
</context>
<context>
    <name>tessera::gui::HubSearchModel</name>
    <message>
        <location filename="../gui/download/hub_search_model.cpp" line="+45"/>
        <source>Repository</source>
        <extracomment>Column of the Download view&apos;s search results: the hub repository (OWNER/NAME).</extracomment>
        <translation>仓库</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Downloads</source>
        <translation>下载次数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Likes</source>
        <translation>点赞</translation>
    </message>
</context>
<context>
    <name>tessera::gui::LibraryModel</name>
    <message>
        <location filename="../gui/library/library_model.cpp" line="+126"/>
        <source>No GPU is available: the model would run on the CPU.</source>
        <translation>没有可用的 GPU：模型将在 CPU 上运行。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>With a context of %1 tokens:</source>
        <extracomment>Before the bytes per GPU: the context the model would be loaded with, in tokens.</extracomment>
        <translation>上下文为 %1 个 token 时：</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>GPU %1: %2 of %3 usable</source>
        <translation>GPU %1：%2 / 可用 %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GPU %1 would need %2 but only %3 is usable</source>
        <translation>GPU %1 需要 %2，但只有 %3 可用</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Fits</source>
        <extracomment>The model library&apos;s &quot;fits on the GPUs?&quot; column.</extracomment>
        <translation>可容纳</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Too large</source>
        <translation>太大</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No GPU</source>
        <translation>无 GPU</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cannot split</source>
        <extracomment>The split planner refused the split for this model (e.g. row split of a mixture of experts).</extracomment>
        <translation>无法拆分</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>Whether the model fits on the GPUs with the split chosen in the GPUs panel</source>
        <translation>按 GPU 面板中选择的拆分，模型能否放入 GPU</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Architecture</source>
        <translation>架构</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Quantization</source>
        <extracomment>The model&apos;s main weight type (&quot;Q4_K&quot;).</extracomment>
        <translation>量化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fits on GPUs</source>
        <extracomment>Column header: whether the model fits on the GPUs with the chosen split.</extracomment>
        <translation>可放入 GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
</context>
<context>
    <name>tessera::gui::LibraryPanel</name>
    <message>
        <location filename="../gui/library/library_panel.cpp" line="+39"/>
        <source>Add a Model Folder</source>
        <translation>添加模型文件夹</translation>
    </message>
    <message>
        <location line="+130"/>
        <source>Search by name, architecture, quantization or path</source>
        <translation>按名称、架构、量化或路径搜索</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Show:</source>
        <extracomment>Label of the choice between all models and the recent ones.</extracomment>
        <translation>显示(&amp;S)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All models</source>
        <translation>所有模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Recent models</source>
        <translation>最近的模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add Folder…</source>
        <translation>添加文件夹…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove Folder</source>
        <translation>移除文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rescan</source>
        <translation>重新扫描</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Open</source>
        <translation>打开(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove from List</source>
        <translation>从列表移除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The file stays on disk; adding its folder again brings it back.</source>
        <translation>文件仍保留在磁盘上；再次添加其文件夹即可恢复。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reveal in File Manager</source>
        <translation>在文件管理器中显示</translation>
    </message>
    <message>
        <location line="-24"/>
        <source>Library</source>
        <translation>模型库</translation>
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
        <translation>正在读取模型… %1 / %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Looking for models…</source>
        <translation>正在查找模型…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Add a folder that holds .gguf models.</source>
        <translation>请添加包含 .gguf 模型的文件夹。</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n model(s)</source>
        <translation>
            <numerusform>%n 个模型</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 shown of %2</source>
        <extracomment>How many rows the search or filter shows, of all (the second argument is &quot;N models&quot;).</extracomment>
        <translation>显示 %1 个，共 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(the search stopped at its limit; there may be more)</source>
        <translation>（搜索已达上限，可能还有更多）</translation>
    </message>
</context>
<context>
    <name>tessera::gui::LocalServer</name>
    <message>
        <location filename="../gui/server/local_server.cpp" line="+39"/>
        <source>Host is empty: enter 127.0.0.1 to serve this machine only.</source>
        <extracomment>&quot;Host&quot; is the Local Server dialog&apos;s field: use its translation.</extracomment>
        <translation>主机为空：输入 127.0.0.1 即只为本机提供服务。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 lets other machines connect: enter an API key (clients send it as “Authorization: Bearer KEY”), or tick “Allow other machines without an API key”.</source>
        <extracomment>%1 is the host typed in the Local Server dialog; &quot;API key&quot; and &quot;Allow other machines without an API key&quot; are its fields: use their translations.</extracomment>
        <translation>%1 允许其他机器连接：请输入 API 密钥（客户端以“Authorization: Bearer KEY”发送），或勾选“允许其他机器无 API 密钥访问”。</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Local server: waiting for a model loaded in this app</source>
        <translation>本地服务器：等待在本应用中加载模型</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Serving at %1</source>
        <extracomment>The address clients use, e.g. &quot;http://127.0.0.1:8080&quot;.</extracomment>
        <translation>正在 %1 提供服务</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Local server not started: %1</source>
        <translation>本地服务器未启动：%1</translation>
    </message>
</context>
<context>
    <name>tessera::gui::LocalServerDialog</name>
    <message>
        <location filename="../gui/server/local_server_dialog.cpp" line="+67"/>
        <source>Local Server</source>
        <translation>本地服务器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Serves the model loaded in this app to other programs over the OpenAI-compatible API (base URL: the address below followed by /v1). Their requests wait in line with the chat&apos;s own.</source>
        <translation>通过兼容 OpenAI 的 API 将本应用加载的模型提供给其他程序（基础 URL：下方地址加上 /v1）。它们的请求与聊天的请求排在同一队列中。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Serve the loaded model</source>
        <translation>提供已加载的模型</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>any free port</source>
        <extracomment>Port 0 in the local server&apos;s settings: the system picks a free port.</extracomment>
        <translation>任意空闲端口</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none (anyone on this machine may connect)</source>
        <translation>无（本机上的任何人都可以连接）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Allow other machines without an API key (insecure)</source>
        <translation>允许其他机器无 API 密钥访问（不安全）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none (web pages cannot use the server)</source>
        <translation>无（网页无法使用服务器）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Web pages allowed to call the server from a browser, as their origins separated by commas, e.g. http://localhost:3000, https://*.example.com; * allows every page.</source>
        <extracomment>&quot;*&quot; and the example origins are typed as shown; do not translate them.</extracomment>
        <translation>允许从浏览器调用服务器的网页，按其源（origin）以逗号分隔，例如 http://localhost:3000, https://*.example.com；* 允许所有网页。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Host:</source>
        <translation>主机：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Port:</source>
        <translation>端口：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>API key:</source>
        <translation>API 密钥：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Allowed web origins:</source>
        <translation>允许的网页源：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy Address</source>
        <translation>复制地址</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>The local server is off.</source>
        <translation>本地服务器已关闭。</translation>
    </message>
</context>
<context>
    <name>tessera::gui::MainWindow</name>
    <message>
        <location filename="../gui/app/main_window.cpp" line="+245"/>
        <source>Loading %1 again with the new split…</source>
        <extracomment>The status bar after Apply (a new GPU split): the model is loaded again with it.</extracomment>
        <translation>正在按新的拆分重新加载 %1…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Split applied: %1. The model runs on the CPU here, where a GPU split changes nothing.</source>
        <translation>已应用拆分：%1。此处模型在 CPU 上运行，GPU 拆分不会带来任何变化。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Split applied: %1.</source>
        <translation>已应用拆分：%1。</translation>
    </message>
    <message>
        <location line="+293"/>
        <source>&amp;Open Model…</source>
        <translation>打开模型(&amp;O)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Load Model</source>
        <translation>加载模型(&amp;L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Unload Model</source>
        <translation>卸载模型(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open &amp;Conversation…</source>
        <translation>打开对话(&amp;C)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save Conversation…</source>
        <translation>保存对话(&amp;S)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;New Conversation</source>
        <translation>新建对话(&amp;N)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Regenerate Reply</source>
        <translation>重新生成回复(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Stop</source>
        <translation>停止(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Copy Last Reply</source>
        <translation>复制最后一条回复(&amp;C)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Guide and Shortcuts</source>
        <extracomment>Help menu: a short guide to the split workspace and the keyboard shortcuts.</extracomment>
        <translation>指南和快捷键(&amp;G)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Reset Layout</source>
        <extracomment>View menu: every panel back where it was at the first start, sized for the window.</extracomment>
        <translation>重置布局(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;About Tessera</source>
        <translation>关于 Tessera(&amp;A)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Chat</source>
        <translation>对话(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Settings</source>
        <translation>设置(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>System default</source>
        <extracomment>Language menu entry: follow the language of the desktop session.</extracomment>
        <translation>系统默认</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>History</source>
        <translation>历史记录</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Generation</source>
        <translation>生成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>System Prompt</source>
        <translation>系统提示词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sampling</source>
        <translation>采样</translation>
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
        <translation>清除最近文件</translation>
    </message>
    <message>
        <location line="-508"/>
        <source>Truncate Middle and Retry</source>
        <translation>截断中间并重试</translation>
    </message>
    <message>
        <location line="+541"/>
        <source>Open a GGUF Model</source>
        <translation>打开 GGUF 模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GGUF models (*.gguf);;All files (*)</source>
        <translation>GGUF 模型 (*.gguf);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Save Conversation</source>
        <extracomment>The file name the save dialog suggests.</extracomment>
        <translation>保存对话</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>conversation.json</source>
        <translation>对话.json</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+6"/>
        <source>Conversations (*.json);;All files (*)</source>
        <translation>对话 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Quit Tessera</source>
        <translation>退出 Tessera</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <location line="-60"/>
        <source>Open Conversation</source>
        <translation>打开对话</translation>
    </message>
    <message>
        <location line="-544"/>
        <source>Go On: Truncate Middle</source>
        <translation>继续：截断中间</translation>
    </message>
    <message>
        <location line="+551"/>
        <source>Copied to the clipboard</source>
        <translation>已复制到剪贴板</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>About Tessera</source>
        <translation>关于 Tessera</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;h3&gt;Tessera %1&lt;/h3&gt;&lt;p&gt;Runs GGUF language models on NVIDIA GPUs with its own CUDA backend, or on the CPU.&lt;/p&gt;&lt;p&gt;MIT License.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Tessera %1&lt;/h3&gt;&lt;p&gt;使用自有的 CUDA 后端在 NVIDIA GPU 上运行 GGUF 语言模型，也可在 CPU 上运行。&lt;/p&gt;&lt;p&gt;MIT 许可证。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../gui/performance/throughput_plot.cpp" line="+490"/>
        <source>No model loaded</source>
        <translation>未加载模型</translation>
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
        <translation>本地服务器(&amp;S)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Recent &amp;Models</source>
        <translation>最近的模型(&amp;M)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model Li&amp;brary</source>
        <translation>模型库(&amp;B)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add &amp;Model Folder…</source>
        <translation>添加模型文件夹(&amp;M)…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Chat</source>
        <translation>聊天</translation>
    </message>
</context>
<context>
    <name>tessera::gui::MemoryPlot</name>
    <message>
        <location filename="../gui/gpus/memory_plot.cpp" line="+84"/>
        <source>GPU memory in use over time</source>
        <translation>GPU 显存占用随时间的变化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export PNG…</source>
        <translation>导出 PNG…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save this plot as a PNG image</source>
        <translation>将此图表保存为 PNG 图像</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No GPU is in use: the model runs on the CPU, so there is no GPU memory to plot.</source>
        <extracomment>The GPU memory plot on a machine without a usable GPU.</extracomment>
        <translation>未使用 GPU：模型在 CPU 上运行，因此没有可绘制的 GPU 内存。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GiB used</source>
        <translation>已用 (GiB)</translation>
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
        <translation>导出显存图表</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>gpu-memory.png</source>
        <translation>gpu-memory.png</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
</context>
<context>
    <name>tessera::gui::MessageWidget</name>
    <message>
        <location filename="../gui/chat/message_widget.cpp" line="+110"/>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Copied ✓</source>
        <extracomment>The Copy button of a message, for a moment after it was pressed.</extracomment>
        <translation>已复制 ✓</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy this message as Markdown</source>
        <translation>以 Markdown 格式复制此消息</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Edit</source>
        <extracomment>Edit a message already sent, then ask again from there.</extracomment>
        <translation>编辑</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change this message and get a new reply from here (the messages after it are replaced)</source>
        <translation>修改这条消息并从此处获取新的回复（其后的消息会被替换）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Send</source>
        <extracomment>The button under an edited message: send it again and get a new reply.</extracomment>
        <translation>发送</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+96"/>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>stopped: context full</source>
        <extracomment>A reply cut off because the model&apos;s context (its token memory) is used up.</extracomment>
        <translation>已停止：上下文已满</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Thinking…</source>
        <extracomment>Above a reply while a reasoning model thinks (its thoughts stream below).</extracomment>
        <translation>思考中…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Thought for %1</source>
        <extracomment>Above a reply of a reasoning model, folded: %1 = how long it thought (&quot;12 s&quot;).</extracomment>
        <translation>思考了 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Thoughts</source>
        <extracomment>Above a reply of a reasoning model whose thinking time is not known.</extracomment>
        <translation>思考过程</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fold the model&apos;s thinking</source>
        <translation>折叠模型的思考过程</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Show the model&apos;s thinking</source>
        <translation>显示模型的思考过程</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>generating…</source>
        <translation>正在生成…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reading the prompt…</source>
        <translation>正在读取提示词…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>reading the prompt… %1 / %2 tokens</source>
        <extracomment>While the model reads the conversation: tokens read so far, of all.</extracomment>
        <translation>正在读取提示词… %1 / %2 个 token</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>, about %1 left</source>
        <extracomment>Appended to &quot;reading the prompt… 120 / 4,000 tokens&quot;: the time still expected.</extracomment>
        <translation>，剩余约 %1</translation>
    </message>
    <message>
        <location line="-84"/>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>failed: %1</source>
        <translation>失败：%1</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ModelOpener</name>
    <message>
        <location filename="../gui/models/model_opener.cpp" line="+57"/>
        <location line="+16"/>
        <location line="+63"/>
        <source>Open Another File…</source>
        <translation>打开其他文件…</translation>
    </message>
    <message>
        <location line="-43"/>
        <source>Load Anyway</source>
        <translation>仍然加载</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1 was unloaded: the chat uses %2 on the server now.</source>
        <extracomment>%1: the local model that was unloaded; %2: the server&apos;s model the chat uses now.</extracomment>
        <translation>已卸载 %1：对话现在使用服务器上的 %2。</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ModelPanel</name>
    <message>
        <location filename="../gui/models/model_panel.cpp" line="+72"/>
        <source>File:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Architecture:</source>
        <translation>架构：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parameters:</source>
        <translation>参数：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tensor types:</source>
        <translation>张量类型：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trained context:</source>
        <translation>训练上下文：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Layers:</source>
        <translation>层数：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Vocabulary:</source>
        <translation>词表：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Chat template:</source>
        <translation>对话模板：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>File size:</source>
        <translation>文件大小：</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Open Model…</source>
        <translation>打开模型…</translation>
    </message>
    <message>
        <location line="+122"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>This file cannot be loaded: %1. %2</source>
        <extracomment>A file the engine cannot run: the short reason (&quot;Vocabulary only: no weights&quot;), then the details.</extracomment>
        <translation>无法加载此文件：%1。%2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Model default: %1 of the %2 tokens this model was trained on.</source>
        <extracomment>Tooltip of the context box when the model default is shorter than the trained context.</extracomment>
        <translation>模型默认值：此模型训练时的 %2 个 token 中的 %1 个。</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>Load</source>
        <translation>加载</translation>
    </message>
    <message>
        <location line="-206"/>
        <source>Unload</source>
        <translation>卸载</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+207"/>
        <source>Load the model with the context length chosen below</source>
        <translation>使用下方选择的上下文长度加载模型</translation>
    </message>
    <message>
        <location line="-206"/>
        <source>Free the memory the model holds</source>
        <translation>释放模型占用的内存</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Context length:</source>
        <translation>上下文长度：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> tokens</source>
        <extracomment>Suffix of the context length box, after the number (&quot;4096 tokens&quot;).</extracomment>
        <translation> 个 token</translation>
    </message>
    <message>
        <location line="+146"/>
        <source>How many tokens of conversation the model can see. Longer contexts need more memory.</source>
        <translation>模型可以看到的对话 token 数。上下文越长，所需内存越多。</translation>
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
        <translation>预览 – 未加载</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This file&apos;s details are shown; press Load to use it in the chat.</source>
        <translation>正在显示此文件的详细信息；按“加载”即可在对话中使用。</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>No model open</source>
        <translation>未打开模型</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Model default</source>
        <translation>模型默认值</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>unknown (no general.architecture)</source>
        <translation>未知（缺少 general.architecture）</translation>
    </message>
    <message numerus="yes">
        <location line="+13"/>
        <source>%1 (%Ln tensor(s))</source>
        <extracomment>Parameter count (e.g. &quot;7.24 B&quot;), then how many tensors hold them.</extracomment>
        <translation>
            <numerusform>%1（%Ln 个张量）</numerusform>
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
            <numerusform>%Ln 个 token</numerusform>
        </translation>
    </message>
    <message>
        <location line="-2"/>
        <location line="+1"/>
        <location line="+2"/>
        <source>not stated</source>
        <translation>未注明</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>yes</source>
        <translation>有</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no (plain text continuation)</source>
        <translation>无（纯文本续写）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Model default (%1)</source>
        <translation>模型默认值（%1）</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>%1 tokens is more than the %2 this model was trained on: past %2 tokens its replies are likely to fall apart, and the memory is spent for nothing.</source>
        <translation>%1 个 token 超过了此模型训练时的 %2 个：超过 %2 个 token 后，回复很可能会变得混乱，内存也白白浪费。</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Reload</source>
        <translation>重新加载</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load the model again with the context length and GPU split chosen now</source>
        <translation>使用当前选择的上下文长度和 GPU 拆分重新加载模型</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Reading the file…</source>
        <translation>正在读取文件…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This file cannot be loaded. Open another model.</source>
        <translation>无法加载此文件。请打开其他模型。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not loaded. Press Load to load it.</source>
        <translation>未加载。请按“加载”进行加载。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open a GGUF model file to see what is in it.</source>
        <translation>打开 GGUF 模型文件以查看其内容。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This file cannot be loaded; the chat still uses %1.</source>
        <extracomment>%1 is the loaded model&apos;s name: the file shown cannot be loaded, the chat goes on with it.</extracomment>
        <translation>无法加载此文件；对话仍在使用 %1。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Not loaded: the chat still uses %1. Press Load to switch to this model.</source>
        <extracomment>%1 is the loaded model&apos;s name; &quot;Load&quot; is the Load button: use its translation.</extracomment>
        <translation>未加载：对话仍在使用 %1。请按“加载”切换到此模型。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Loaded in %1 s on the CPU.</source>
        <translation>已用 %1 秒加载到 CPU。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Loaded in %1 s on %2.</source>
        <extracomment>%2 names the backend the engine chose (&quot;cuda (2 GPUs)&quot;).</extracomment>
        <translation>已用 %1 秒加载到 %2。</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ModelSourcePanel</name>
    <message>
        <location filename="../gui/models/model_source_panel.cpp" line="+46"/>
        <source>Source:</source>
        <extracomment>Where the model runs: a GGUF file loaded by this app, or an OpenAI-compatible server.</extracomment>
        <translation>来源：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model file</source>
        <translation>模型文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OpenAI-compatible server</source>
        <translation>兼容 OpenAI 的服务器</translation>
    </message>
</context>
<context>
    <name>tessera::gui::OverflowPolicyChooser</name>
    <message>
        <location filename="../gui/chat/overflow_policy_chooser.cpp" line="+27"/>
        <source>When full: %1</source>
        <extracomment>The chat&apos;s context overflow chooser: &quot;When full: Truncate middle&quot;.</extracomment>
        <translation>已满时：%1</translation>
    </message>
</context>
<context>
    <name>tessera::gui::OverflowPolicyMenu</name>
    <message>
        <location line="+35"/>
        <source>When the Context Is &amp;Full</source>
        <extracomment>Settings menu: the context overflow policy new conversations start with.</extracomment>
        <translation>上下文已满时(&amp;F)</translation>
    </message>
</context>
<context>
    <name>tessera::gui::RemoteEndpointPanel</name>
    <message>
        <location filename="../gui/remote/remote_endpoint_panel.cpp" line="+143"/>
        <source>Could not connect to %1</source>
        <extracomment>The OpenAI-compatible server&apos;s URL.</extracomment>
        <translation>无法连接到 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check the URL (it usually ends in /v1), the API key and the model name, and that the server is running.</source>
        <translation>请检查 URL（通常以 /v1 结尾）、API 密钥和模型名称，并确认服务器正在运行。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Connected: %1 at %2</source>
        <extracomment>The server&apos;s model id, then the server&apos;s base URL.</extracomment>
        <translation>已连接：%2 上的 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Asking the server for its models…</source>
        <translation>正在向服务器查询模型…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Could not connect: %1</source>
        <extracomment>The last Connect failed: the reason.</extracomment>
        <translation>无法连接：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Could not list the models: %1</source>
        <translation>无法列出模型：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>The server offers %n model(s).</source>
        <translation>
            <numerusform>服务器提供 %n 个模型。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>URL:</source>
        <translation>URL：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>API key:</source>
        <translation>API 密钥：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>List Models</source>
        <translation>列出模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Disconnect</source>
        <translation>断开</translation>
    </message>
</context>
<context>
    <name>tessera::gui::SamplingPanel</name>
    <message>
        <location filename="../gui/chat/sampling_panel.cpp" line="+86"/>
        <source>Model default</source>
        <extracomment>The Thinking choice of a reasoning model: leave it to the model&apos;s chat template.</extracomment>
        <translation>模型默认</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>On</source>
        <extracomment>Thinking choice: the model thinks before it answers.</extracomment>
        <translation>开</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Off</source>
        <extracomment>Thinking choice: the model answers without thinking first.</extracomment>
        <translation>关</translation>
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
        <translation>重复惩罚：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Seed:</source>
        <translation>随机种子：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Max reply tokens:</source>
        <translation>回复最大 token 数：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Higher values give more varied replies; 0 always picks the most likely token.</source>
        <translation>值越高，回复越多样；0 始终选择可能性最高的 token。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>off</source>
        <extracomment>Shown in the Top-k box at 0.</extracomment>
        <translation>关闭</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sample only among the k most likely tokens (0 = no limit).</source>
        <translation>仅在可能性最高的 k 个 token 中采样（0 = 不限制）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sample among the most likely tokens whose probabilities add up to p (1 = off).</source>
        <translation>在概率累计达到 p 的最可能 token 中采样（1 = 关闭）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drop tokens less likely than this fraction of the most likely one (0 = off).</source>
        <translation>丢弃概率低于最可能 token 该比例的 token（0 = 关闭）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Penalise tokens that already appeared (1 = off).</source>
        <translation>惩罚已出现过的 token（1 = 关闭）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>random</source>
        <extracomment>Shown in the Seed box at -1: a new random seed for every reply.</extracomment>
        <translation>随机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A fixed seed makes replies repeatable with the same settings.</source>
        <translation>固定随机种子可使相同设置下的回复可重现。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The longest reply, in tokens.</source>
        <translation>回复的最大长度（以 token 计）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Thinking:</source>
        <translation>思考：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Whether, or how long, a reasoning model thinks before it answers (as its chat template offers it).</source>
        <translation>推理模型在回答前是否思考、思考多久（取决于其聊天模板是否提供此选项）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reset to Defaults</source>
        <translation>恢复默认值</translation>
    </message>
</context>
<context>
    <name>tessera::gui::SplitBenchModel</name>
    <message>
        <location filename="../gui/bench/split_bench_model.cpp" line="+65"/>
        <source>Everything on GPU %1</source>
        <translation>全部在 GPU %1 上</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2 %</source>
        <extracomment>One GPU&apos;s share in a split: GPU index, percent.</extracomment>
        <translation>%1：%2 %</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Row</source>
        <translation>按行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Layer</source>
        <translation>按层</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 · %2 · main GPU %3</source>
        <extracomment>A split in a line: mode, the GPUs&apos; shares, the main GPU.</extracomment>
        <translation>%1 · %2 · 主 GPU %3</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>It would overflow GPU %1: %2 needed, %3 usable.</source>
        <extracomment>A split of the benchmark that does not fit: GPU index, bytes it would need, bytes usable.</extracomment>
        <translation>GPU %1 会溢出：需要 %2，可用 %3。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>At most %1 splits can be compared.</source>
        <translation>最多可比较 %1 种拆分。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This split is in the list already.</source>
        <translation>此拆分已在列表中。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This split cannot be measured. %1</source>
        <translation>无法测量此拆分。%1</translation>
    </message>
    <message numerus="yes">
        <location line="+40"/>
        <source>%n suggestion(s) left out: they would not fit the GPUs or the model.</source>
        <translation>
            <numerusform>省略了 %n 条建议：它们放不进 GPU 或不适用于该模型。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+81"/>
        <source>Split #%1 cannot be measured. %2</source>
        <translation>无法测量拆分 #%1。%2</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Cancelling: the model is loaded with its own split again…</source>
        <translation>正在取消：模型正以原来的拆分重新加载…</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+9"/>
        <source>Measuring split %1 of %2…</source>
        <translation>正在测量第 %1 种拆分（共 %2 种）…</translation>
    </message>
    <message numerus="yes">
        <location line="+20"/>
        <source>Cancelled after %n split(s) measured.</source>
        <translation>
            <numerusform>已测量 %n 种拆分后取消。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Done: %n split(s) measured.</source>
        <translation>
            <numerusform>完成：已测量 %n 种拆分。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tessera::gui::SplitBenchView</name>
    <message>
        <location filename="../gui/bench/split_bench_view.cpp" line="+204"/>
        <source>Measure the loaded model under 2 to 6 splits: each is loaded in turn and runs a short prompt and generation benchmark. Afterwards the model is loaded with its own split again.</source>
        <translation>用 2 到 6 种拆分测量已加载的模型：依次加载每种拆分，并运行简短的提示词和生成基准测试。之后模型会以原来的拆分重新加载。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Split</source>
        <translation>拆分</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Memory per GPU</source>
        <translation>每个 GPU 的显存</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+18"/>
        <source>Prompt (tok/s)</source>
        <translation>提示词 (tok/s)</translation>
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
        <translation>添加当前拆分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add the split chosen in the split editor</source>
        <translation>添加在拆分编辑器中选择的拆分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add Suggestions</source>
        <translation>添加建议</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add layer and row split with even shares, and everything on the main GPU</source>
        <translation>添加均分的按层拆分和按行拆分，以及全部放在主 GPU 上</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prompt:</source>
        <translation>提示词：</translation>
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
        <translation>生成：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Runs:</source>
        <translation>次数：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run Benchmark</source>
        <translation>运行基准测试</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Apply the Winner</source>
        <translation>应用最佳拆分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Take the fastest split into the split editor and reload the model with it</source>
        <translation>将最快的拆分填入拆分编辑器，并以此重新加载模型</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Generation</source>
        <translation>生成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prompt</source>
        <translation>提示词</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>GPU %1: %2</source>
        <extracomment>Bytes a split puts on one GPU: GPU index, size.</extracomment>
        <translation>GPU %1：%2</translation>
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
        <translation>在 %3 上运行 pp%1 和 tg%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>measuring…</source>
        <translation>测量中…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>does not fit</source>
        <extracomment>A split that cannot be measured (it would overflow a GPU): shown in its speed columns.</extracomment>
        <translation>放不下</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>No winner: everything ran on the CPU (no GPU backend is in use), where the splits cannot differ; their speeds say nothing about the GPUs.</source>
        <extracomment>The benchmark&apos;s verdict when the model ran on the CPU, where the GPU split changes nothing.</extracomment>
        <translation>没有胜出者：全部在 CPU 上运行（未使用 GPU 后端），在 CPU 上各拆分不会有差别；这些速度说明不了 GPU 的情况。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No clear winner: %1 are as fast as each other within the spread of the runs. Run more repetitions to tell them apart, or keep the split you have.</source>
        <extracomment>The benchmark&apos;s splits are as fast as each other within the runs&apos; spread: %1 lists them (&quot;#1, #3&quot;).</extracomment>
        <translation>没有明确的最佳：%1 在多次运行的波动范围内一样快。增加重复次数以区分它们，或保留当前拆分。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Winner: #%1, %2 — %3 tok/s generation, %4 tok/s prompt</source>
        <translation>最佳：#%1，%2 — 生成 %3 tok/s，提示词 %4 tok/s</translation>
    </message>
    <message>
        <location line="-14"/>
        <source>Add at least two splits and run the benchmark; the fastest can then be applied.</source>
        <translation>至少添加两种拆分并运行基准测试，之后即可应用最快的拆分。</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Split (#)</source>
        <translation>拆分 (#)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Memory on the fullest GPU (GiB)</source>
        <translation>占用最多的 GPU 上的显存 (GiB)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Memory on the fullest GPU (MiB)</source>
        <translation>占用最多的 GPU 上的显存 (MiB)</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Load a model first</source>
        <translation>请先加载模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add at least two splits to compare</source>
        <translation>至少添加两种拆分以进行比较</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load the model with each split in turn and measure it</source>
        <translation>依次以每种拆分加载模型并进行测量</translation>
    </message>
</context>
<context>
    <name>tessera::gui::SplitEditor</name>
    <message>
        <location filename="../gui/gpus/split_editor.cpp" line="+168"/>
        <source>None (main GPU only)</source>
        <translation>无（仅主 GPU）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Layer (whole layers per GPU)</source>
        <translation>按层（每个 GPU 承载完整的层）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Row (every matrix split by rows)</source>
        <translation>按行（每个矩阵按行拆分）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Layer: each GPU holds whole layers and the activations hop between GPUs.
Row: each weight matrix is split across the GPUs, which compute in parallel.
None: everything on the main GPU.</source>
        <translation>按层：每个 GPU 承载完整的层，激活值在 GPU 之间传递。
按行：每个权重矩阵拆分到各 GPU 上并行计算。
无：全部放在主 GPU 上。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The GPU that holds the shared tensors (row split) or everything (no split)</source>
        <translation>存放共享张量（按行拆分）或全部内容（不拆分）的 GPU</translation>
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
        <translation>平均</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Free Memory</source>
        <extracomment>Preset: shares by each GPU&apos;s free memory.</extracomment>
        <translation>空闲显存</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Total Memory</source>
        <extracomment>Preset: shares by each GPU&apos;s total memory.</extracomment>
        <translation>总显存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The same share on every GPU</source>
        <translation>每个 GPU 分配相同份额</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shares proportional to each GPU&apos;s free memory</source>
        <translation>按每个 GPU 的空闲显存比例分配</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shares proportional to each GPU&apos;s total memory</source>
        <translation>按每个 GPU 的总显存比例分配</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Apply Split</source>
        <translation>应用拆分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Split:</source>
        <translation>拆分：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Main GPU:</source>
        <translation>主 GPU：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KV cache:</source>
        <translation>KV 缓存：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Presets:</source>
        <translation>预设：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No GPU: the model runs on the CPU, so there is nothing to split.</source>
        <translation>没有 GPU：模型在 CPU 上运行，因此无需拆分。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>used by others</source>
        <translation>其他程序占用</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scratch</source>
        <translation>临时缓冲区</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dashed line: usable limit</source>
        <translation>虚线：可用上限</translation>
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
        <translation>分配给 %1 的模型份额</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Share of the model this GPU gets (the ratios normalised)</source>
        <translation>此 GPU 获得的模型份额（比例已归一化）</translation>
    </message>
    <message>
        <location line="+153"/>
        <source>layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KV head %1</source>
        <translation>KV 头 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>KV heads %1–%2</source>
        <translation>KV 头 %1–%2</translation>
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
        <translation>不承载模型的任何部分（可用 %1）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Weights %1 · KV cache %2 · Recurrent state %3 · Scratch %4 = %5 of %6 usable</source>
        <extracomment>A GPU&apos;s share of a hybrid model (Qwen3.5/3.6): the recurrent layers&apos; state does not grow with the context.</extracomment>
        <translation>权重 %1 · KV 缓存 %2 · 循环状态 %3 · 临时缓冲区 %4 = %5 / 可用 %6</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Weights %1 · KV cache %2 · Scratch %3 = %4 of %5 usable</source>
        <translation>权重 %1 · KV 缓存 %2 · 临时缓冲区 %3 = %4 / 可用 %5</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Open a model to see what each GPU would hold.</source>
        <translation>打开模型以查看每个 GPU 将承载的内容。</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%1 · context %Ln token(s) · %2 KV cache</source>
        <extracomment>The previewed model: its name, the context length, the KV cache precision (F16, F32, Q8_0, Q4_0).</extracomment>
        <translation>
            <numerusform>%1 · 上下文 %Ln 个 token · KV 缓存 %2</numerusform>
        </translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 free of %2</source>
        <translation>空闲 %1 / 共 %2</translation>
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
        <translation>第 %1–%2 层</translation>
    </message>
    <message>
        <location line="+77"/>
        <source>%1, %2</source>
        <extracomment>Which KV heads and FFN rows a GPU holds (&quot;KV heads 0–3, FFN rows 0–5,631&quot;).</extracomment>
        <translation>%1，%2</translation>
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
        <translation>无法规划此拆分：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Does not fit: %1</source>
        <translation>放不下：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>Fits: %1 in total on %n GPU(s).</source>
        <translation>
            <numerusform>可以放下：%n 个 GPU 上共 %1。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Load a model first; the next load uses this split</source>
        <translation>请先加载模型；下次加载将使用此拆分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The model would not fit with this split</source>
        <translation>按此拆分模型放不下</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The loaded model already uses this split</source>
        <translation>已加载的模型已在使用此拆分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reload the model with this split</source>
        <translation>按此拆分重新加载模型</translation>
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
        <translation>%1 承担的模型比例（百分比）；其余部分由其他 GPU 按比例分担</translation>
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
        <translation>KV 缓存精度：F32 会使其大小翻倍；Q8_0 和 Q4_0 以每 32 个值一个缩放因子保存 8 位和 4 位数值，大小约为 F16 的一半和四分之一</translation>
    </message>
    <message>
        <location line="+276"/>
        <source>Weights: %1 bytes
KV cache: %2 bytes
Recurrent state: %3 bytes
Scratch: %4 bytes
Total: %5 bytes
Usable: %6 bytes</source>
        <translation>权重：%1 字节
KV 缓存：%2 字节
循环状态：%3 字节
临时缓冲区：%4 字节
总计：%5 字节
可用：%6 字节</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Total %1 %</source>
        <extracomment>The GPUs&apos; shares added up, in percent.</extracomment>
        <translation>合计 %1 %</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The shares of all GPUs add up to this</source>
        <translation>所有 GPU 的份额合计</translation>
    </message>
</context>
<context>
    <name>tessera::gui::SplitPreviewModel</name>
    <message>
        <location filename="../gui/gpus/split_preview_model.cpp" line="+291"/>
        <source>Would overflow: needs %1 but only %2 is usable (%3 free, %4 kept in reserve). Choose Layer or Row split to spread the model over the GPUs, shorten the context or use a smaller quantization.</source>
        <translation>将会溢出：需要 %1，但只有 %2 可用（空闲 %3，预留 %4）。请选择按层或按行拆分以将模型分布到多个 GPU、缩短上下文或使用更小的量化。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Would overflow: needs %1 but only %2 is usable (%3 free, %4 kept in reserve). Move share to another GPU, shorten the context or use a smaller quantization.</source>
        <translation>将会溢出：需要 %1，但只有 %2 可用（空闲 %3，预留 %4）。请将份额移到其他 GPU、缩短上下文或使用更小的量化。</translation>
    </message>
</context>
<context>
    <name>tessera::gui::StatusLine</name>
    <message>
        <location filename="../gui/app/status_line.cpp" line="+46"/>
        <source>Last reply: %1 tok/s</source>
        <translation>上一条回复：%1 tok/s</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No model loaded</source>
        <translation>未加载模型</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Connecting to %1…</source>
        <extracomment>The OpenAI-compatible server&apos;s URL.</extracomment>
        <translation>正在连接 %1…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Loading %1… %2%</source>
        <extracomment>The file being loaded, then how much of it is done, in percent.</extracomment>
        <translation>正在加载 %1… %2%</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Ready: %1 on the server %2</source>
        <extracomment>The server&apos;s model id, then the server&apos;s base URL.</extracomment>
        <translation>就绪：服务器 %2 上的 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Ready: %1 (%2, %3 parameters) on the CPU</source>
        <extracomment>Model name, architecture, parameter count (&quot;7.24 B&quot;).</extracomment>
        <translation>就绪：%1（%2，%3 参数），运行于 CPU</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ready: %1 (%2, %3 parameters) on %4</source>
        <extracomment>Model name, architecture, parameter count (&quot;7.24 B&quot;), the engine&apos;s backend (&quot;cuda (2 GPUs)&quot;).</extracomment>
        <translation>就绪：%1（%2，%3 参数），运行于 %4</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Reading the prompt: %1 / %2 tok (Esc stops)</source>
        <extracomment>Status bar while the model reads the conversation: tokens read, of all. Esc stops.</extracomment>
        <translation>正在读取提示词：%1 / %2 tok（按 Esc 停止）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Generating: %1 tok so far</source>
        <translation>正在生成：已生成 %1 tok</translation>
    </message>
</context>
<context>
    <name>tessera::gui::SystemPromptEdit</name>
    <message>
        <location filename="../gui/chat/system_prompt_edit.cpp" line="+22"/>
        <source>For example: You are a helpful assistant. Answer briefly.</source>
        <translation>例如：你是一个乐于助人的助手。请简短回答。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instructions the model sees before the conversation. Used only by models with a chat template.</source>
        <translation>模型在对话开始前看到的指令。仅适用于带有对话模板的模型。</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ThemeSwitcher</name>
    <message>
        <location filename="../gui/settings/theme_switcher.cpp" line="+127"/>
        <source>&amp;Theme</source>
        <extracomment>Settings menu: the colours of the app.</extracomment>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>System default</source>
        <extracomment>Theme menu entry: the desktop&apos;s own colours.</extracomment>
        <translation>系统默认</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ThroughputPlot</name>
    <message>
        <location filename="../gui/performance/throughput_plot.cpp" line="-324"/>
        <source>Tokens per second appear here while the model answers.</source>
        <translation>模型回答时，这里会显示每秒 token 数。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Export PNG…</source>
        <translation>导出 PNG…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save this plot as a PNG image</source>
        <translation>将此图表保存为 PNG 图像</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>seconds since the request</source>
        <translation>自请求起的秒数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>generation tokens/s</source>
        <translation>生成 token/秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>prompt tokens/s</source>
        <translation>提示词 token/秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>reply</source>
        <extracomment>Axis of the recent-replies bar chart: reply number.</extracomment>
        <translation>回复</translation>
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
        <translation>提示词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prompt tokens/s</source>
        <translation>提示词 token/秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Generation tokens/s</source>
        <translation>生成 token/秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Generation tokens/s per reply</source>
        <translation>每条回复的生成 token/秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prompt tokens/s per reply</source>
        <translation>每条回复的提示词 token/秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+55"/>
        <source>Earlier replies</source>
        <translation>之前的回复</translation>
    </message>
    <message>
        <location line="-37"/>
        <source>first token
%1 s</source>
        <extracomment>Next to the dashed line at the first token: the time it took, in seconds.</extracomment>
        <translation>首个 token
%1 秒</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Reply %1: reading the prompt…</source>
        <translation>回复 %1：正在读取提示词…</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Reply %1: first token after %2 s, generating…</source>
        <translation>回复 %1：%2 秒后出现首个 token，正在生成…</translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>Reply %1: %2 tokens/s, %Ln token(s) so far</source>
        <extracomment>While generating: reply number, current speed, tokens generated so far.</extracomment>
        <translation>
            <numerusform>回复 %1：%2 token/秒，已生成 %Ln 个 token</numerusform>
        </translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Reply %1 failed</source>
        <translation>回复 %1 失败</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>prompt %1 tok at %2 tok/s</source>
        <translation>提示词 %1 tok，%2 tok/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>prompt —</source>
        <translation>提示词 —</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>generated %1 tok at %2 tok/s · first token %3 s</source>
        <translation>生成 %1 tok，%2 tok/s · 首个 token %3 秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no token generated</source>
        <translation>未生成任何 token</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reply %1 (stopped): %2 · %3</source>
        <extracomment>A reply the user stopped: reply number, the prompt part, the generation part.</extracomment>
        <translation>回复 %1（已停止）：%2 · %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reply %1: %2 · %3</source>
        <extracomment>A finished reply: reply number, the prompt part, the generation part.</extracomment>
        <translation>回复 %1：%2 · %3</translation>
    </message>
    <message>
        <location line="+154"/>
        <source>Throughput of %1, %2</source>
        <extracomment>Title of an exported throughput plot: the model&apos;s name, the date and time.</extracomment>
        <translation>%1 的吞吐量，%2</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Export Throughput Plot</source>
        <translation>导出吞吐量图表</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>throughput.png</source>
        <translation>throughput.png</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Saved the plot to %1</source>
        <extracomment>After Export PNG…: where the image went, or that it could not be written.</extracomment>
        <translation>图表已保存到 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The plot could not be saved to %1</source>
        <translation>无法将图表保存到 %1</translation>
    </message>
</context>
</TS>
