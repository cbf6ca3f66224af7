<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es_ES" sourcelanguage="en">
<context>
    <name>CommandLine</name>
    <message>
        <location filename="../gui/app/command_line.cpp" line="+9"/>
        <source>Tessera runs GGUF language models on your GPUs and lets you chat with them.</source>
        <translation>Tessera ejecuta modelos de lenguaje GGUF en sus GPU y le permite conversar con ellos.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open and load the GGUF model FILE.</source>
        <translation>Abrir y cargar el modelo GGUF ARCHIVO.</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+2"/>
        <source>FILE</source>
        <translation>ARCHIVO</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>A GGUF model to open (same as --model).</source>
        <translation>Un modelo GGUF que abrir (igual que --model).</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>[FILE]</source>
        <translation>[ARCHIVO]</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Give one model file, either with --model or as the only argument.</source>
        <translation>Indique un solo archivo de modelo, con --model o como único argumento.</translation>
    </message>
</context>
<context>
    <name>ConversationIo</name>
    <message>
        <location filename="../gui/history/conversation_io.cpp" line="+123"/>
        <source>%1 is not valid JSON: %2 at byte %3.</source>
        <translation>%1 no es un JSON válido: %2 en el byte %3.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 is not a Tessera conversation (expected &quot;format&quot;: &quot;%2&quot;).</source>
        <translation>%1 no es una conversación de Tessera (se esperaba &quot;format&quot;: &quot;%2&quot;).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 was written by a newer Tessera (conversation version %2; this version reads %3).</source>
        <translation>%1 fue escrito por una versión más reciente de Tessera (versión de conversación %2; esta versión lee la %3).</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Message %1 in %2 has role &quot;%3&quot;; expected &quot;user&quot; or &quot;assistant&quot;.</source>
        <translation>El mensaje %1 de %2 tiene el rol &quot;%3&quot;; se esperaba &quot;user&quot; o &quot;assistant&quot;.</translation>
    </message>
    <message>
        <location line="+20"/>
        <location line="+5"/>
        <source>Cannot write %1: %2</source>
        <translation>No se puede escribir %1: %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot read %1: %2</source>
        <translation>No se puede leer %1: %2</translation>
    </message>
</context>
<context>
    <name>ConversationStore</name>
    <message>
        <location filename="../gui/history/conversation_store.cpp" line="+57"/>
        <source>Empty conversation</source>
        <translation>Conversación vacía</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Cannot create the folder %1 for conversations.</source>
        <translation>No se puede crear la carpeta %1 para las conversaciones.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Cannot delete %1: %2</source>
        <translation>No se puede eliminar %1: %2</translation>
    </message>
</context>
<context>
    <name>DisplayFormat</name>
    <message>
        <location filename="../gui/common/display_format.cpp" line="+17"/>
        <source>%1 B</source>
        <extracomment>A parameter count in billions (&quot;7.24 B&quot;), as model sizes are usually written.</extracomment>
        <translation>%1 mil M</translation>
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
        <translation>%1 k</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 s</source>
        <extracomment>A duration under a minute (&quot;12 s&quot;).</extracomment>
        <translation>%1 s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 min %2 s</source>
        <extracomment>A duration in minutes and seconds (&quot;3 min 5 s&quot;).</extracomment>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>the CPU (%1 threads, %2 KV cache, context %3)</source>
        <extracomment>The CPU backend: threads, the KV cache&apos;s number type (&quot;F16&quot;), the context in tokens.</extracomment>
        <translation>la CPU (%1 hilos, caché KV %2, contexto %3)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Prompt: —</source>
        <extracomment>A figure under a reply that is not known or did not happen.</extracomment>
        <translation>Prompt: —</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Prompt: %1 tok</source>
        <extracomment>Prompt tokens without a rate (nobody measured how long they took).</extracomment>
        <translation>Prompt: %1 tok</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Prompt: %1 tok at %2 tok/s</source>
        <translation>Prompt: %1 tok a %2 tok/s</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, %2 tok cached</source>
        <extracomment>After &quot;Prompt: 12 tok at 950.3 tok/s&quot;: prompt tokens reused from the cache, not read again.</extracomment>
        <translation>%1, %2 tok en caché</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Generation: —</source>
        <translation>Generación: —</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Generation: %1 tok at %2 tok/s</source>
        <translation>Generación: %1 tok a %2 tok/s</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Generation: %1 tok</source>
        <extracomment>A reply of a single token: no rate (it is measured between tokens).</extracomment>
        <translation>Generación: %1 tok</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (%2 thinking)</source>
        <extracomment>After &quot;Generation: 120 tok at 45.0 tok/s&quot;: how many of those tokens the model spent thinking.</extracomment>
        <translation>%1 (%2 pensando)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>First token: %1 s</source>
        <translation>Primer token: %1 s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>First token: —</source>
        <translation>Primer token: —</translation>
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
        <translation>Continuó más allá de un contexto lleno (%1×, %2 tok anteriores olvidados)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Earlier messages left out to fit the context (%1 messages, %2 tok)</source>
        <extracomment>Under a reply: the context overflow policy left earlier messages out of what the model saw.</extracomment>
        <translation>Mensajes anteriores omitidos para caber en el contexto (%1 mensajes, %2 tok)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Part of the conversation left out to fit the context (%1 tok)</source>
        <extracomment>Under a reply: the overflow policy cut tokens out of the middle of the conversation (no whole message).</extracomment>
        <translation>Parte de la conversación omitida para caber en el contexto (%1 tok)</translation>
    </message>
</context>
<context>
    <name>ErrorTexts</name>
    <message>
        <location filename="../gui/common/error_text.cpp" line="+12"/>
        <source>The file is damaged or is not a GGUF model. Download it again or open another file.</source>
        <translation>El archivo está dañado o no es un modelo GGUF. Descárguelo de nuevo o abra otro archivo.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tessera cannot run this model yet. Choose a model with a supported architecture and tensor types (for example a llama, mistral or qwen2 model in F16, Q8_0, Q4_K or Q6_K).</source>
        <translation>Tessera aún no puede ejecutar este modelo. Elija un modelo con una arquitectura y tipos de tensor compatibles (por ejemplo, un modelo llama, mistral o qwen2 en F16, Q8_0, Q4_K o Q6_K).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose a smaller context length, a more strongly quantized model, or spread the model over more GPUs.</source>
        <translation>Elija una longitud de contexto menor o un modelo más cuantizado, o reparta el modelo entre más GPU.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check that the NVIDIA driver is working (nvidia-smi), then try again.</source>
        <translation>Compruebe que el controlador de NVIDIA funciona (nvidia-smi) y vuelva a intentarlo.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing was loaded. Press Load to start again.</source>
        <translation>No se cargó nada. Pulse «Cargar» para empezar de nuevo.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check that the file exists and that you may read it.</source>
        <translation>Compruebe que el archivo existe y que tiene permiso para leerlo.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Check the settings and try again.</source>
        <translation>Revise la configuración y vuelva a intentarlo.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Loading %1 was cancelled</source>
        <translation>Se canceló la carga de %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 does not fit in memory</source>
        <translation>%1 no cabe en la memoria</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is not supported</source>
        <translation>%1 no es compatible</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is not a valid model file</source>
        <translation>%1 no es un archivo de modelo válido</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not load %1</source>
        <translation>No se pudo cargar %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 is still loaded: the chat goes on with it. %2</source>
        <extracomment>After a failed load: %1 is the model that was loaded before and still is; %2 the advice.</extracomment>
        <translation>%1 sigue cargado: el chat continúa con él. %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Let the conversation go on: choose Truncate middle or Rolling window beside the context meter, and the model forgets older messages. Or start a new conversation (New Conversation), or load the model with a larger context (Context in the model panel, then Load).</source>
        <extracomment>&quot;Truncate middle&quot;, &quot;Rolling window&quot; and &quot;New Conversation&quot; are the chat&apos;s choices and button, &quot;Context&quot; the model panel&apos;s field: use their translations.</extracomment>
        <translation>Deje que la conversación continúe: elija «Truncar el medio» o «Ventana deslizante» junto al medidor de contexto, y el modelo olvidará los mensajes más antiguos. O empiece una conversación nueva («Nueva conversación»), o cargue el modelo con un contexto mayor («Longitud del contexto» en el panel Modelo y luego «Cargar»).</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The conversation fills the model&apos;s context</source>
        <translation>La conversación llena el contexto del modelo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The last reply was cut off: all %1 tokens of the context are used, so nothing more fits.</source>
        <translation>La última respuesta se cortó: los %1 tokens del contexto están todos en uso, así que no cabe nada más.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The conversation no longer fits the model&apos;s context</source>
        <translation>La conversación ya no cabe en el contexto del modelo</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The reply ran out of memory</source>
        <translation>La respuesta se quedó sin memoria</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The reply could not be generated</source>
        <translation>No se pudo generar la respuesta</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Start a new conversation or load the model with a longer context.</source>
        <translation>Empiece una conversación nueva o cargue el modelo con un contexto más largo.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cannot open %1</source>
        <translation>No se puede abrir %1</translation>
    </message>
</context>
<context>
    <name>MemoryCheck</name>
    <message>
        <location filename="../gui/models/memory_check.cpp" line="+45"/>
        <source>%1 may not fit in memory</source>
        <translation>Puede que %1 no quepa en la memoria</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Loading it on the CPU needs about %1 (weights and context), but only %2 of memory is available.</source>
        <extracomment>Planned bytes of the load, then the bytes the system has available (&quot;36.20 GiB&quot;, &quot;23.10 GiB&quot;).</extracomment>
        <translation>Cargarlo en la CPU requiere unos %1 (pesos y contexto), pero solo hay %2 de memoria disponibles.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose a smaller or more strongly quantized model, or a shorter context. Loading anyway can make the computer swap until it barely responds.</source>
        <translation>Elija un modelo más pequeño o más cuantizado, o un contexto más corto. Si lo carga de todos modos, el equipo puede recurrir tanto a la memoria de intercambio que apenas responda.</translation>
    </message>
</context>
<context>
    <name>ModelProblems</name>
    <message>
        <location filename="../gui/models/model_preview.cpp" line="+49"/>
        <source>Damaged or not a GGUF file</source>
        <translation>Dañado o no es un archivo GGUF</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Vocabulary only: no weights</source>
        <extracomment>A GGUF file with a tokenizer&apos;s vocabulary but no tensors (no model to run).</extracomment>
        <translation>Solo vocabulario: sin pesos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unsupported architecture: %1</source>
        <translation>Arquitectura no compatible: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Unsupported tensor type: %1</source>
        <translation>Tipo de tensor no compatible: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Incomplete or malformed model</source>
        <translation>Modelo incompleto o mal formado</translation>
    </message>
</context>
<context>
    <name>OverflowPolicyTexts</name>
    <message>
        <location filename="../gui/chat/overflow_policy_chooser.cpp" line="+11"/>
        <source>Stop</source>
        <extracomment>Context overflow policy: the reply stops when the model&apos;s context is full.</extracomment>
        <translation>Detener</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Truncate middle</source>
        <extracomment>Context overflow policy: keep the start of the conversation and the latest messages.</extracomment>
        <translation>Truncar el medio</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rolling window</source>
        <extracomment>Context overflow policy: keep only the latest messages (and the system prompt).</extracomment>
        <translation>Ventana deslizante</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>When the context is full, the reply stops and the conversation cannot go on.</source>
        <translation>Cuando el contexto está lleno, la respuesta se detiene y la conversación no puede continuar.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>When the context is full, the model keeps the system prompt, the first exchange and the most recent messages, and forgets the ones in between.</source>
        <translation>Cuando el contexto está lleno, el modelo conserva la instrucción del sistema, el primer intercambio y los mensajes más recientes, y olvida los intermedios.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>When the context is full, the model keeps the system prompt and the most recent messages, and forgets the oldest.</source>
        <translation>Cuando el contexto está lleno, el modelo conserva la instrucción del sistema y los mensajes más recientes, y olvida los más antiguos.</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ChatInput</name>
    <message>
        <location filename="../gui/chat/chat_input.cpp" line="+16"/>
        <source>Write a message… (Enter sends, Shift+Enter for a new line)</source>
        <translation>Escriba un mensaje… (Intro para enviar, Mayús+Intro para una línea nueva)</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ChatPanel</name>
    <message>
        <location filename="../gui/chat/chat_panel.cpp" line="+103"/>
        <source>Send</source>
        <translation>Enviar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop</source>
        <translation>Detener</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Regenerate</source>
        <translation>Regenerar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New Conversation</source>
        <translation>Nueva conversación</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The conversation holds %1 of the %2 tokens the model can keep in mind. When they are used up, what happens depends on the policy beside this meter: the reply stops, or older messages are forgotten.</source>
        <translation>La conversación ocupa %1 de los %2 tokens que el modelo puede tener presentes. Cuando se agotan, lo que ocurre depende de la opción junto a este medidor: la respuesta se detiene o se olvidan los mensajes más antiguos.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Send the message (Enter)</source>
        <translation>Enviar el mensaje (Intro)</translation>
    </message>
    <message>
        <location line="-56"/>
        <source>Stop the reply being generated (Esc)</source>
        <translation>Detener la respuesta que se está generando (Esc)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Discard the last reply and generate a new one</source>
        <translation>Descartar la última respuesta y generar una nueva</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start a new, empty conversation</source>
        <translation>Empezar una conversación nueva y vacía</translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+3"/>
        <source>Context: %1 / %2 tok</source>
        <extracomment>The context meter under the chat: tokens the conversation holds, of the model&apos;s context.</extracomment>
        <translation>Contexto: %1 / %2 tok</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Load a model first (Load in the model panel)</source>
        <translation>Cargue primero un modelo («Cargar» en el panel Modelo)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wait until the model has loaded</source>
        <translation>Espere a que se cargue el modelo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wait for the reply to finish, or press Stop</source>
        <translation>Espere a que termine la respuesta o pulse «Detener»</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write a message first</source>
        <translation>Escriba primero un mensaje</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Open a GGUF model to start: File ▸ Open Model…, or drop a .gguf file here.</source>
        <extracomment>&quot;File ▸ Open Model…&quot; names the File menu and its entry: use their translations (without the &amp;).</extracomment>
        <translation>Para empezar, abra un modelo GGUF: Archivo ▸ Abrir modelo…, o suelte aquí un archivo .gguf.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Press Load to load %1, then write a message.</source>
        <extracomment>&quot;Load&quot; is the model panel&apos;s Load button: use its translation. %1 is the model&apos;s name.</extracomment>
        <translation>Pulse «Cargar» para cargar %1 y luego escriba un mensaje.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Loading the model…</source>
        <translation>Cargando el modelo…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The model is ready. Write a message below.</source>
        <translation>El modelo está listo. Escriba un mensaje abajo.</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ConversationSession</name>
    <message>
        <location filename="../gui/history/conversation_session.cpp" line="+52"/>
        <source>The conversation was not saved</source>
        <translation>No se guardó la conversación</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Choose a folder you can write to and try again.</source>
        <translation>Elija una carpeta en la que pueda escribir y vuelva a intentarlo.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Saved the conversation to %1</source>
        <translation>Conversación guardada en %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+60"/>
        <source>Open Conversation</source>
        <translation>Abrir conversación</translation>
    </message>
    <message>
        <location line="-60"/>
        <location line="+60"/>
        <source>Open</source>
        <translation>Abrir</translation>
    </message>
    <message>
        <location line="-56"/>
        <location line="+60"/>
        <source>The conversation could not be opened</source>
        <translation>No se pudo abrir la conversación</translation>
    </message>
    <message>
        <location line="-60"/>
        <source>Choose a conversation file saved by Tessera.</source>
        <translation>Elija un archivo de conversación guardado por Tessera.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Opened the conversation %1</source>
        <translation>Conversación %1 abierta</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>New Conversation</source>
        <translation>Nueva conversación</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>A reply is being generated. It stops here; what it wrote so far is kept.</source>
        <translation>Se está generando una respuesta. Se detendrá aquí; lo que ha escrito hasta ahora se conserva.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The conversation could not be saved (%1). It will be lost.</source>
        <translation>No se pudo guardar la conversación (%1). Se perderá.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Choose another conversation.</source>
        <translation>Elija otra conversación.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The conversation was not renamed</source>
        <translation>No se cambió el nombre de la conversación</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+22"/>
        <source>Check that the folder can be written to.</source>
        <translation>Compruebe que se puede escribir en la carpeta.</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>Delete Conversation</source>
        <translation>Eliminar conversación</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Delete this conversation? It cannot be brought back.</source>
        <translation>¿Eliminar esta conversación? No se podrá recuperar.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Delete</source>
        <translation>Eliminar</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The conversation was not deleted</source>
        <translation>No se eliminó la conversación</translation>
    </message>
</context>
<context>
    <name>tessera::gui::DeviceSource</name>
    <message>
        <location filename="../gui/gpus/device_source.cpp" line="+133"/>
        <source>no GPU in the device list</source>
        <translation>ninguna GPU en la lista de dispositivos</translation>
    </message>
</context>
<context>
    <name>tessera::gui::DockTitleBar</name>
    <message>
        <location filename="../gui/app/dock_title_bar.cpp" line="+80"/>
        <source>Show this panel</source>
        <translation>Mostrar este panel</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Collapse this panel to its title</source>
        <translation>Contraer este panel a su título</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Float or dock this panel</source>
        <translation>Desacoplar o acoplar este panel</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close this panel (View menu brings it back)</source>
        <translation>Cerrar este panel (el menú Ver lo vuelve a mostrar)</translation>
    </message>
</context>
<context>
    <name>tessera::gui::DownloadQueueModel</name>
    <message>
        <location filename="../gui/download/download_queue_model.cpp" line="+116"/>
        <source>Waiting</source>
        <extracomment>States of a download in the Download view&apos;s queue.</extracomment>
        <translation>En espera</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Downloading</source>
        <translation>Descargando</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paused</source>
        <translation>En pausa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Done</source>
        <translation>Completado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed</source>
        <translation>Error</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancelled</source>
        <translation>Cancelado</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Part %1 of %2: %3 of %4, </source>
        <extracomment>File %1 of %2 of a model in parts: its name, then its bytes received of its size.</extracomment>
        <translation>Parte %1 de %2: %3 de %4, </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 of %2 (%3%)</source>
        <extracomment>Bytes received of the model&apos;s size, and the percentage.</extracomment>
        <translation>%1 de %2 (%3 %)</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>%1/s</source>
        <extracomment>Download speed: bytes per second.</extracomment>
        <translation>%1/s</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Progress</source>
        <translation>Progreso</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Speed</source>
        <translation>Velocidad</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time left</source>
        <extracomment>Column of the download queue: the time until the download completes.</extracomment>
        <translation>Tiempo restante</translation>
    </message>
</context>
<context>
    <name>tessera::gui::DownloadView</name>
    <message>
        <location filename="../gui/download/download_view.cpp" line="+213"/>
        <source>Downloaded %1: it is in the Library.</source>
        <extracomment>%1: the downloaded model&apos;s file.</extracomment>
        <translation>%1 descargado: está en la biblioteca.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The download of %1 failed</source>
        <extracomment>%1: the model&apos;s file.</extracomment>
        <translation>La descarga de %1 ha fallado</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Download</source>
        <translation>Descarga</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The environment&apos;s hub settings cannot be used</source>
        <translation>La configuración del hub del entorno no se puede usar</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Searching for “%1”…</source>
        <extracomment>%1: the text searched for on the hub.</extracomment>
        <translation>Buscando «%1»…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The search failed</source>
        <translation>La búsqueda ha fallado</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 repositories with GGUF models for “%2”.</source>
        <extracomment>%1: how many repositories the hub found; %2: the text searched for.</extracomment>
        <translation>%1 repositorios con modelos GGUF para «%2».</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Models of %1 (listing…)</source>
        <extracomment>%1: a hub repository (OWNER/NAME).</extracomment>
        <translation>Modelos de %1 (listando…)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Models of %1</source>
        <translation>Modelos de %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The files of %1 could not be listed</source>
        <translation>No se pudieron listar los archivos de %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 has no GGUF model.</source>
        <translation>%1 no tiene ningún modelo GGUF.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1 cannot be resumed</source>
        <translation>%1 no se puede reanudar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The repository %2 no longer lists %1.</source>
        <extracomment>%1: a file name; %2: a hub repository.</extracomment>
        <translation>El repositorio %2 ya no incluye %1.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>There is no models folder</source>
        <translation>No hay carpeta de modelos</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The download cannot start</source>
        <translation>La descarga no puede empezar</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>Search the hub for GGUF models, e.g. Qwen3 8B</source>
        <extracomment>Placeholder of the Download view&apos;s search box.</extracomment>
        <translation>Buscar modelos GGUF en el hub, p. ej. Qwen3 8B</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Search</source>
        <translation>&amp;Buscar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pick a repository to see its models.</source>
        <translation>Elija un repositorio para ver sus modelos.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Download</source>
        <translation>&amp;Descargar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Downloads</source>
        <translation>Descargas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Pause</source>
        <translation>&amp;Pausar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Resume</source>
        <translation>&amp;Reanudar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Cancel</source>
        <translation>&amp;Cancelar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unfinished downloads in the models folder:</source>
        <translation>Descargas sin terminar en la carpeta de modelos:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Resume &amp;Unfinished</source>
        <translation>Reanudar &amp;inacabada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hub &amp;address:</source>
        <translation>&amp;Dirección del hub:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Access &amp;token:</source>
        <translation>&amp;Token de acceso:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>For gated models: accept the licence on the model&apos;s page and give a token of your account.</source>
        <extracomment>Tooltip of the access token field.</extracomment>
        <translation>Para modelos de acceso restringido: acepte la licencia en la página del modelo y dé un token de su cuenta.</translation>
    </message>
</context>
<context>
    <name>tessera::gui::EngineWorker</name>
    <message>
        <location filename="../gui/engine/engine_worker.cpp" line="+99"/>
        <location line="+181"/>
        <source>Loading %1 was cancelled.</source>
        <translation>Se canceló la carga de %1.</translation>
    </message>
    <message>
        <location line="-133"/>
        <source>No model is loaded. Open and load a model first.</source>
        <translation>No hay ningún modelo cargado. Abra y cargue primero un modelo.</translation>
    </message>
    <message>
        <location line="+123"/>
        <source>The benchmark was cancelled.</source>
        <translation>La prueba de rendimiento se canceló.</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ErrorBanner</name>
    <message>
        <location filename="../gui/common/error_banner.cpp" line="+73"/>
        <source>Dismiss</source>
        <translation>Cerrar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dismiss message</source>
        <translation>Cerrar el mensaje</translation>
    </message>
</context>
<context>
    <name>tessera::gui::GgufChoiceModel</name>
    <message>
        <location filename="../gui/download/gguf_choice_model.cpp" line="+66"/>
        <source>Reading the header…</source>
        <extracomment>The Download view&apos;s &quot;fits?&quot; column while the model&apos;s header comes from the hub.</extracomment>
        <translation>Leyendo la cabecera…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Cannot tell: %1</source>
        <extracomment>%1: why the model&apos;s header could not be read (names the URL and the reason).</extracomment>
        <translation>No se puede saber: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No GPU: it would run on the CPU</source>
        <translation>Sin GPU: se ejecutaría en la CPU</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Fits on GPU %1 with this split</source>
        <extracomment>%1: the GPUs that would hold the model, e.g. &quot;0 + 1&quot;.</extracomment>
        <translation>Cabe en la GPU %1 con este reparto</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Would overflow GPU %1: %2 needed, %3 usable</source>
        <extracomment>%1: GPU number; %2: bytes the model would need there; %3: bytes usable there.</extracomment>
        <translation>Desbordaría la GPU %1: se necesitan %2, %3 utilizables</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1 (%2 parts)</source>
        <extracomment>A model split into parts: its first file and how many parts it has.</extracomment>
        <translation>%1 (%2 partes)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Quantization</source>
        <translation>Cuantización</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>File</source>
        <translation>Archivo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size</source>
        <translation>Tamaño</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fits?</source>
        <extracomment>Column of a repository&apos;s models: whether each fits on the GPUs with the split chosen now.</extracomment>
        <translation>¿Cabe?</translation>
    </message>
</context>
<context>
    <name>tessera::gui::GpuListModel</name>
    <message>
        <location filename="../gui/gpus/gpu_list_model.cpp" line="+36"/>
        <source>%1 used · %2 free of %3</source>
        <translation>%1 usados · %2 libres de %3</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1: %2</source>
        <extracomment>A GPU: its CUDA index and its name (&quot;0: NVIDIA H200&quot;).</extracomment>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1
UUID: %2
PCI bus: %3
Compute capability: %4
Memory: %5</source>
        <translation>%1
UUID: %2
Bus PCI: %3
Capacidad de cómputo: %4
Memoria: %5</translation>
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
        <translation>Cómputo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory</source>
        <translation>Memoria</translation>
    </message>
</context>
<context>
    <name>tessera::gui::GpuPanel</name>
    <message>
        <location filename="../gui/gpus/gpu_panel.cpp" line="+77"/>
        <source>No GPU can be used: %1.
Tessera runs models on the CPU.</source>
        <extracomment>%1 is why (from the driver or the build), e.g. &quot;no NVIDIA driver/GPU found&quot;.</extracomment>
        <translation>No se puede usar ninguna GPU: %1.
Tessera ejecuta los modelos en la CPU.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Looking for GPUs…</source>
        <translation>Buscando GPU…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Reading GPU memory failed: %1</source>
        <translation>No se pudo leer la memoria de la GPU: %1</translation>
    </message>
</context>
<context>
    <name>tessera::gui::GpuWorkspace</name>
    <message>
        <location filename="../gui/gpus/gpu_workspace.cpp" line="+105"/>
        <source>Throughput</source>
        <translation>Velocidad</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU Memory</source>
        <translation>Memoria de GPU</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Performance</source>
        <translation>Rendimiento</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Split Benchmark</source>
        <translation>Prueba de repartos</translation>
    </message>
</context>
<context>
    <name>tessera::gui::GuideDialog</name>
    <message>
        <location filename="../gui/app/guide_dialog.cpp" line="+55"/>
        <source>Getting started</source>
        <translation>Primeros pasos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open a GGUF model (File ▸ Open Model…, a .gguf file dropped on the window, or the Model Library) and it is described in the Model panel before anything is loaded: what it is, how large, and whether Tessera can run it. Press Load, then write a message. Opening a model from the Library or Recent Models loads it at once.</source>
        <translation>Abra un modelo GGUF (Archivo ▸ Abrir modelo…, un archivo .gguf soltado en la ventana o la biblioteca de modelos) y el panel Modelo lo describe antes de cargar nada: qué es, cuánto ocupa y si Tessera puede ejecutarlo. Pulse Cargar y escriba un mensaje. Un modelo abierto desde la biblioteca o los modelos recientes se carga en el acto.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The split workspace (the GPUs tab)</source>
        <translation>El espacio de reparto (pestaña GPU)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>With more than one GPU, choose how the model is spread over them. Layer split gives each GPU whole layers; row split cuts every layer across the GPUs (for models whose heads divide evenly, without experts); None puts everything on the main GPU. Drag the sliders to set each GPU&apos;s share.</source>
        <translation>Con más de una GPU, elija cómo se reparte el modelo entre ellas. El reparto por capas da a cada GPU capas enteras; el reparto por filas divide cada capa entre las GPU (para modelos cuyas cabezas se dividen por igual, sin expertos); Ninguno pone todo en la GPU principal. Arrastre los deslizadores para fijar la parte de cada GPU.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The bars show what each GPU will hold (weights, KV cache, scratch) before anything is loaded, from the same plan the loader follows; a bar that would overflow turns red and says by how much. A smaller KV cache type (q8_0, q4_0) makes room for a longer context. Apply loads the model again with the split.</source>
        <translation>Las barras muestran, antes de cargar nada, lo que tendrá cada GPU (pesos, caché KV, memoria de trabajo), según el mismo plan que sigue el cargador; una barra que se desbordaría se vuelve roja e indica por cuánto. Un tipo de caché KV más pequeño (q8_0, q4_0) deja sitio para un contexto más largo. Aplicar vuelve a cargar el modelo con el reparto.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The split benchmark</source>
        <translation>La prueba de repartos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add two to six splits (the current one, or the suggestions), press Run Benchmark: the loaded model is loaded with each split in turn and measured, then loaded as it was. Splits that would not fit are refused. A difference within the runs&apos; spread is called a tie; Apply the Winner loads the fastest split.</source>
        <translation>Añada de dos a seis repartos (el actual o las sugerencias) y pulse Ejecutar prueba: el modelo cargado se carga con cada reparto por turno y se mide, y después se vuelve a cargar como estaba. Los repartos que no cabrían se rechazan. Una diferencia dentro de la dispersión de las ejecuciones es un empate; Aplicar la ganadora carga el reparto más rápido.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Editing a message</source>
        <translation>Editar un mensaje</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit under one of your messages changes it and gets a new reply from there; the messages after it are replaced. Regenerate asks again for the last reply.</source>
        <translation>Editar, bajo uno de sus mensajes, lo cambia y obtiene una nueva respuesta desde ahí; los mensajes posteriores se reemplazan. Regenerar vuelve a pedir la última respuesta.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keyboard shortcuts</source>
        <translation>Atajos de teclado</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Send the message</source>
        <extracomment>A shortcut of the message box.</extracomment>
        <translation>Enviar el mensaje</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New line in the message</source>
        <translation>Nueva línea en el mensaje</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Tessera Guide</source>
        <translation>Guía de Tessera</translation>
    </message>
</context>
<context>
    <name>tessera::gui::HistoryPanel</name>
    <message>
        <location filename="../gui/history/history_panel.cpp" line="+113"/>
        <source>Search conversations</source>
        <translation>Buscar conversaciones</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rename</source>
        <translation>Cambiar nombre</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete</source>
        <translation>Eliminar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give the selected conversation a title</source>
        <translation>Poner un título a la conversación seleccionada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the selected conversation for good</source>
        <translation>Eliminar definitivamente la conversación seleccionada</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>%1
Last changed %2</source>
        <translation>%1
Última modificación: %2</translation>
    </message>
</context>
<context>
    <name>tessera::gui::HubSearchModel</name>
    <message>
        <location filename="../gui/download/hub_search_model.cpp" line="+45"/>
        <source>Repository</source>
        <extracomment>Column of the Download view&apos;s search results: the hub repository (OWNER/NAME).</extracomment>
        <translation>Repositorio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Downloads</source>
        <translation>Descargas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Likes</source>
        <translation>Me gusta</translation>
    </message>
</context>
<context>
    <name>tessera::gui::LibraryModel</name>
    <message>
        <location filename="../gui/library/library_model.cpp" line="+126"/>
        <source>No GPU is available: the model would run on the CPU.</source>
        <translation>No hay ninguna GPU disponible: el modelo se ejecutaría en la CPU.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>With a context of %1 tokens:</source>
        <extracomment>Before the bytes per GPU: the context the model would be loaded with, in tokens.</extracomment>
        <translation>Con un contexto de %1 tokens:</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>GPU %1: %2 of %3 usable</source>
        <translation>GPU %1: %2 de %3 utilizables</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GPU %1 would need %2 but only %3 is usable</source>
        <translation>La GPU %1 necesitaría %2, pero solo hay %3 utilizables</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Fits</source>
        <extracomment>The model library&apos;s &quot;fits on the GPUs?&quot; column.</extracomment>
        <translation>Cabe</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Too large</source>
        <translation>Demasiado grande</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No GPU</source>
        <translation>Sin GPU</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cannot split</source>
        <extracomment>The split planner refused the split for this model (e.g. row split of a mixture of experts).</extracomment>
        <translation>No se puede repartir</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>Whether the model fits on the GPUs with the split chosen in the GPUs panel</source>
        <translation>Si el modelo cabe en las GPU con el reparto elegido en el panel de GPU</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Architecture</source>
        <translation>Arquitectura</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parameters</source>
        <translation>Parámetros</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Quantization</source>
        <extracomment>The model&apos;s main weight type (&quot;Q4_K&quot;).</extracomment>
        <translation>Cuantización</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size</source>
        <translation>Tamaño</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Context</source>
        <translation>Contexto</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fits on GPUs</source>
        <extracomment>Column header: whether the model fits on the GPUs with the chosen split.</extracomment>
        <translation>Cabe en las GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
</context>
<context>
    <name>tessera::gui::LibraryPanel</name>
    <message>
        <location filename="../gui/library/library_panel.cpp" line="+39"/>
        <source>Add a Model Folder</source>
        <translation>Añadir una carpeta de modelos</translation>
    </message>
    <message>
        <location line="+130"/>
        <source>Search by name, architecture, quantization or path</source>
        <translation>Buscar por nombre, arquitectura, cuantización o ruta</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Show:</source>
        <extracomment>Label of the choice between all models and the recent ones.</extracomment>
        <translation>&amp;Mostrar:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All models</source>
        <translation>Todos los modelos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Recent models</source>
        <translation>Modelos recientes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add Folder…</source>
        <translation>Añadir carpeta…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove Folder</source>
        <translation>Quitar carpeta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rescan</source>
        <translation>Volver a buscar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Open</source>
        <translation>&amp;Abrir</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove from List</source>
        <translation>Quitar de la lista</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The file stays on disk; adding its folder again brings it back.</source>
        <translation>El archivo sigue en el disco; al volver a añadir su carpeta, reaparece.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reveal in File Manager</source>
        <translation>Mostrar en el gestor de archivos</translation>
    </message>
    <message>
        <location line="-24"/>
        <source>Library</source>
        <translation>Biblioteca</translation>
    </message>
    <message>
        <location line="+152"/>
        <source>%1: %2</source>
        <extracomment>A file of the model library that cannot be opened: the short reason, then the reader&apos;s message.</extracomment>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Reading models… %1 of %2</source>
        <extracomment>Files of the model library read so far, of all found.</extracomment>
        <translation>Leyendo modelos… %1 de %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Looking for models…</source>
        <translation>Buscando modelos…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Add a folder that holds .gguf models.</source>
        <translation>Añada una carpeta que contenga modelos .gguf.</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n model(s)</source>
        <translation>
            <numerusform>%n modelo</numerusform>
            <numerusform>%n modelos</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 shown of %2</source>
        <extracomment>How many rows the search or filter shows, of all (the second argument is &quot;N models&quot;).</extracomment>
        <translation>%1 mostrados de %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(the search stopped at its limit; there may be more)</source>
        <translation>(la búsqueda se detuvo en su límite; puede haber más)</translation>
    </message>
</context>
<context>
    <name>tessera::gui::LocalServer</name>
    <message>
        <location filename="../gui/server/local_server.cpp" line="+39"/>
        <source>Host is empty: enter 127.0.0.1 to serve this machine only.</source>
        <extracomment>&quot;Host&quot; is the Local Server dialog&apos;s field: use its translation.</extracomment>
        <translation>El host está vacío: escriba 127.0.0.1 para servir solo a este equipo.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 lets other machines connect: enter an API key (clients send it as “Authorization: Bearer KEY”), or tick “Allow other machines without an API key”.</source>
        <extracomment>%1 is the host typed in the Local Server dialog; &quot;API key&quot; and &quot;Allow other machines without an API key&quot; are its fields: use their translations.</extracomment>
        <translation>%1 deja conectarse a otras máquinas: escriba una clave de API (los clientes la envían como «Authorization: Bearer KEY») o marque «Permitir otras máquinas sin clave de API».</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Local server: waiting for a model loaded in this app</source>
        <translation>Servidor local: esperando un modelo cargado en esta aplicación</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Serving at %1</source>
        <extracomment>The address clients use, e.g. &quot;http://127.0.0.1:8080&quot;.</extracomment>
        <translation>Sirviendo en %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Local server not started: %1</source>
        <translation>Servidor local no iniciado: %1</translation>
    </message>
</context>
<context>
    <name>tessera::gui::LocalServerDialog</name>
    <message>
        <location filename="../gui/server/local_server_dialog.cpp" line="+67"/>
        <source>Local Server</source>
        <translation>Servidor local</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Serves the model loaded in this app to other programs over the OpenAI-compatible API (base URL: the address below followed by /v1). Their requests wait in line with the chat&apos;s own.</source>
        <translation>Ofrece el modelo cargado en esta aplicación a otros programas mediante la API compatible con OpenAI (URL base: la dirección de abajo seguida de /v1). Sus peticiones esperan en la misma cola que las del chat.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Serve the loaded model</source>
        <translation>Servir el modelo cargado</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>any free port</source>
        <extracomment>Port 0 in the local server&apos;s settings: the system picks a free port.</extracomment>
        <translation>cualquier puerto libre</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none (anyone on this machine may connect)</source>
        <translation>ninguna (cualquiera en esta máquina puede conectarse)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Allow other machines without an API key (insecure)</source>
        <translation>Permitir otras máquinas sin clave de API (inseguro)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none (web pages cannot use the server)</source>
        <translation>ninguno (las páginas web no pueden usar el servidor)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Web pages allowed to call the server from a browser, as their origins separated by commas, e.g. http://localhost:3000, https://*.example.com; * allows every page.</source>
        <extracomment>&quot;*&quot; and the example origins are typed as shown; do not translate them.</extracomment>
        <translation>Páginas web que pueden llamar al servidor desde un navegador, indicadas por sus orígenes separados por comas, p. ej. http://localhost:3000, https://*.example.com; * permite todas las páginas.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Host:</source>
        <translation>Host:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Port:</source>
        <translation>Puerto:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>API key:</source>
        <translation>Clave de API:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Allowed web origins:</source>
        <translation>Orígenes web permitidos:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy Address</source>
        <translation>Copiar dirección</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>The local server is off.</source>
        <translation>El servidor local está apagado.</translation>
    </message>
</context>
<context>
    <name>tessera::gui::MainWindow</name>
    <message>
        <location filename="../gui/app/main_window.cpp" line="+245"/>
        <source>Loading %1 again with the new split…</source>
        <extracomment>The status bar after Apply (a new GPU split): the model is loaded again with it.</extracomment>
        <translation>Volviendo a cargar %1 con el nuevo reparto…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Split applied: %1. The model runs on the CPU here, where a GPU split changes nothing.</source>
        <translation>Reparto aplicado: %1. Aquí el modelo se ejecuta en la CPU, donde un reparto entre GPU no cambia nada.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Split applied: %1.</source>
        <translation>Reparto aplicado: %1.</translation>
    </message>
    <message>
        <location line="+293"/>
        <source>&amp;Open Model…</source>
        <translation>&amp;Abrir modelo…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Load Model</source>
        <translation>&amp;Cargar modelo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Unload Model</source>
        <translation>&amp;Liberar el modelo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open &amp;Conversation…</source>
        <translation>Abrir co&amp;nversación…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save Conversation…</source>
        <translation>&amp;Guardar conversación…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;New Conversation</source>
        <translation>&amp;Nueva conversación</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Regenerate Reply</source>
        <translation>&amp;Regenerar respuesta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Stop</source>
        <translation>&amp;Detener</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Copy Last Reply</source>
        <translation>&amp;Copiar la última respuesta</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Guide and Shortcuts</source>
        <extracomment>Help menu: a short guide to the split workspace and the keyboard shortcuts.</extracomment>
        <translation>&amp;Guía y atajos</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Reset Layout</source>
        <extracomment>View menu: every panel back where it was at the first start, sized for the window.</extracomment>
        <translation>&amp;Restablecer el diseño</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;About Tessera</source>
        <translation>&amp;Acerca de Tessera</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;File</source>
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Chat</source>
        <translation>&amp;Chat</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Settings</source>
        <translation>Con&amp;figuración</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Language</source>
        <translation>&amp;Idioma</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>System default</source>
        <extracomment>Language menu entry: follow the language of the desktop session.</extracomment>
        <translation>Idioma del sistema</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Help</source>
        <translation>A&amp;yuda</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>History</source>
        <translation>Historial</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Generation</source>
        <translation>Generación</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>System Prompt</source>
        <translation>Prompt del sistema</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sampling</source>
        <translation>Muestreo</translation>
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
        <translation>Borrar la lista</translation>
    </message>
    <message>
        <location line="-508"/>
        <source>Truncate Middle and Retry</source>
        <translation>Truncar el medio y reintentar</translation>
    </message>
    <message>
        <location line="+541"/>
        <source>Open a GGUF Model</source>
        <translation>Abrir un modelo GGUF</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GGUF models (*.gguf);;All files (*)</source>
        <translation>Modelos GGUF (*.gguf);;Todos los archivos (*)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Save Conversation</source>
        <extracomment>The file name the save dialog suggests.</extracomment>
        <translation>Guardar conversación</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>conversation.json</source>
        <translation>conversacion.json</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+6"/>
        <source>Conversations (*.json);;All files (*)</source>
        <translation>Conversaciones (*.json);;Todos los archivos (*)</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Quit Tessera</source>
        <translation>Salir de Tessera</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Quit</source>
        <translation>Salir</translation>
    </message>
    <message>
        <location line="-60"/>
        <source>Open Conversation</source>
        <translation>Abrir conversación</translation>
    </message>
    <message>
        <location line="-544"/>
        <source>Go On: Truncate Middle</source>
        <translation>Continuar: truncar el medio</translation>
    </message>
    <message>
        <location line="+551"/>
        <source>Copied to the clipboard</source>
        <translation>Copiado al portapapeles</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>About Tessera</source>
        <translation>Acerca de Tessera</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;h3&gt;Tessera %1&lt;/h3&gt;&lt;p&gt;Runs GGUF language models on NVIDIA GPUs with its own CUDA backend, or on the CPU.&lt;/p&gt;&lt;p&gt;MIT License.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Tessera %1&lt;/h3&gt;&lt;p&gt;Ejecuta modelos de lenguaje GGUF en GPU de NVIDIA con su propio motor CUDA, o en la CPU.&lt;/p&gt;&lt;p&gt;Licencia MIT.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../gui/performance/throughput_plot.cpp" line="+490"/>
        <source>No model loaded</source>
        <translation>Ningún modelo cargado</translation>
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
        <translation>&amp;Servidor local…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Recent &amp;Models</source>
        <translation>&amp;Modelos recientes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model Li&amp;brary</source>
        <translation>&amp;Biblioteca de modelos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add &amp;Model Folder…</source>
        <translation>Añadir carpeta de &amp;modelos…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Chat</source>
        <translation>Chat</translation>
    </message>
</context>
<context>
    <name>tessera::gui::MemoryPlot</name>
    <message>
        <location filename="../gui/gpus/memory_plot.cpp" line="+84"/>
        <source>GPU memory in use over time</source>
        <translation>Memoria de GPU en uso a lo largo del tiempo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export PNG…</source>
        <translation>Exportar PNG…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save this plot as a PNG image</source>
        <translation>Guardar este gráfico como imagen PNG</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No GPU is in use: the model runs on the CPU, so there is no GPU memory to plot.</source>
        <extracomment>The GPU memory plot on a machine without a usable GPU.</extracomment>
        <translation>No se usa ninguna GPU: el modelo se ejecuta en la CPU, así que no hay memoria de GPU que representar.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>seconds</source>
        <translation>segundos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GiB used</source>
        <translation>GiB usados</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: %2</source>
        <extracomment>A GPU in the legend: its CUDA index and its name (&quot;0: NVIDIA H200&quot;).</extracomment>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Export Memory Plot</source>
        <translation>Exportar el gráfico de memoria</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>gpu-memory.png</source>
        <translation>memoria-gpu.png</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PNG images (*.png)</source>
        <translation>Imágenes PNG (*.png)</translation>
    </message>
</context>
<context>
    <name>tessera::gui::MessageWidget</name>
    <message>
        <location filename="../gui/chat/message_widget.cpp" line="+110"/>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Copied ✓</source>
        <extracomment>The Copy button of a message, for a moment after it was pressed.</extracomment>
        <translation>Copiado ✓</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy this message as Markdown</source>
        <translation>Copiar este mensaje como Markdown</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Edit</source>
        <extracomment>Edit a message already sent, then ask again from there.</extracomment>
        <translation>Editar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change this message and get a new reply from here (the messages after it are replaced)</source>
        <translation>Cambiar este mensaje y obtener una nueva respuesta desde aquí (los mensajes posteriores se reemplazan)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Send</source>
        <extracomment>The button under an edited message: send it again and get a new reply.</extracomment>
        <translation>Enviar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location line="+96"/>
        <source>You</source>
        <translation>Tú</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Assistant</source>
        <translation>Asistente</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>stopped: context full</source>
        <extracomment>A reply cut off because the model&apos;s context (its token memory) is used up.</extracomment>
        <translation>detenida: contexto lleno</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Thinking…</source>
        <extracomment>Above a reply while a reasoning model thinks (its thoughts stream below).</extracomment>
        <translation>Pensando…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Thought for %1</source>
        <extracomment>Above a reply of a reasoning model, folded: %1 = how long it thought (&quot;12 s&quot;).</extracomment>
        <translation>Pensó durante %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Thoughts</source>
        <extracomment>Above a reply of a reasoning model whose thinking time is not known.</extracomment>
        <translation>Pensamientos</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fold the model&apos;s thinking</source>
        <translation>Plegar el razonamiento del modelo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Show the model&apos;s thinking</source>
        <translation>Mostrar el razonamiento del modelo</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>generating…</source>
        <translation>generando…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reading the prompt…</source>
        <translation>leyendo el prompt…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>reading the prompt… %1 / %2 tokens</source>
        <extracomment>While the model reads the conversation: tokens read so far, of all.</extracomment>
        <translation>leyendo el prompt… %1 / %2 tokens</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>, about %1 left</source>
        <extracomment>Appended to &quot;reading the prompt… 120 / 4,000 tokens&quot;: the time still expected.</extracomment>
        <translation>, quedan unos %1</translation>
    </message>
    <message>
        <location line="-84"/>
        <source>stopped</source>
        <translation>detenida</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>failed: %1</source>
        <translation>error: %1</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ModelOpener</name>
    <message>
        <location filename="../gui/models/model_opener.cpp" line="+57"/>
        <location line="+16"/>
        <location line="+63"/>
        <source>Open Another File…</source>
        <translation>Abrir otro archivo…</translation>
    </message>
    <message>
        <location line="-43"/>
        <source>Load Anyway</source>
        <translation>Cargar de todos modos</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1 was unloaded: the chat uses %2 on the server now.</source>
        <extracomment>%1: the local model that was unloaded; %2: the server&apos;s model the chat uses now.</extracomment>
        <translation>%1 se ha descargado: el chat usa ahora %2 en el servidor.</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ModelPanel</name>
    <message>
        <location filename="../gui/models/model_panel.cpp" line="+72"/>
        <source>File:</source>
        <translation>Archivo:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Architecture:</source>
        <translation>Arquitectura:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parameters:</source>
        <translation>Parámetros:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tensor types:</source>
        <translation>Tipos de tensor:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trained context:</source>
        <translation>Contexto de entrenamiento:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Layers:</source>
        <translation>Capas:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Vocabulary:</source>
        <translation>Vocabulario:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Chat template:</source>
        <translation>Plantilla de chat:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>File size:</source>
        <translation>Tamaño del archivo:</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Open Model…</source>
        <translation>Abrir modelo…</translation>
    </message>
    <message>
        <location line="+122"/>
        <source>none</source>
        <translation>ninguna</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>This file cannot be loaded: %1. %2</source>
        <extracomment>A file the engine cannot run: the short reason (&quot;Vocabulary only: no weights&quot;), then the details.</extracomment>
        <translation>Este archivo no se puede cargar: %1. %2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Model default: %1 of the %2 tokens this model was trained on.</source>
        <extracomment>Tooltip of the context box when the model default is shorter than the trained context.</extracomment>
        <translation>Valor del modelo: %1 de los %2 tokens con los que se entrenó este modelo.</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>Load</source>
        <translation>Cargar</translation>
    </message>
    <message>
        <location line="-206"/>
        <source>Unload</source>
        <translation>Liberar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location line="+207"/>
        <source>Load the model with the context length chosen below</source>
        <translation>Cargar el modelo con la longitud de contexto elegida abajo</translation>
    </message>
    <message>
        <location line="-206"/>
        <source>Free the memory the model holds</source>
        <translation>Liberar la memoria que ocupa el modelo</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Context length:</source>
        <translation>Longitud del contexto:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> tokens</source>
        <extracomment>Suffix of the context length box, after the number (&quot;4096 tokens&quot;).</extracomment>
        <translation> tokens</translation>
    </message>
    <message>
        <location line="+146"/>
        <source>How many tokens of conversation the model can see. Longer contexts need more memory.</source>
        <translation>Cuántos tokens de la conversación puede ver el modelo. Los contextos más largos necesitan más memoria.</translation>
    </message>
    <message>
        <location line="-144"/>
        <source>%p%</source>
        <extracomment>Text on the load progress bar; Qt replaces %p with the percentage done.</extracomment>
        <translation>%p %</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Preview – not loaded</source>
        <extracomment>A badge beside the model&apos;s name: its details are shown, but it is not the loaded model.</extracomment>
        <translation>Vista previa – sin cargar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This file&apos;s details are shown; press Load to use it in the chat.</source>
        <translation>Se muestran los detalles de este archivo; pulse «Cargar» para usarlo en el chat.</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>No model open</source>
        <translation>Ningún modelo abierto</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Model default</source>
        <translation>Valor del modelo</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>unknown (no general.architecture)</source>
        <translation>desconocida (sin general.architecture)</translation>
    </message>
    <message numerus="yes">
        <location line="+13"/>
        <source>%1 (%Ln tensor(s))</source>
        <extracomment>Parameter count (e.g. &quot;7.24 B&quot;), then how many tensors hold them.</extracomment>
        <translation>
            <numerusform>%1 (%Ln tensor)</numerusform>
            <numerusform>%1 (%Ln tensores)</numerusform>
        </translation>
    </message>
    <message>
        <location line="-6"/>
        <source>%1 ×%2 (%3)</source>
        <extracomment>One tensor type: its name, how many tensors have it, their size (&quot;Q4_K ×226 (3.80 GiB)&quot;).</extracomment>
        <translation>%1 ×%2 (%3)</translation>
    </message>
    <message numerus="yes">
        <location line="+11"/>
        <location line="+2"/>
        <source>%Ln token(s)</source>
        <translation>
            <numerusform>%Ln token</numerusform>
            <numerusform>%Ln tokens</numerusform>
        </translation>
    </message>
    <message>
        <location line="-2"/>
        <location line="+1"/>
        <location line="+2"/>
        <source>not stated</source>
        <translation>no indicado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>yes</source>
        <translation>sí</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no (plain text continuation)</source>
        <translation>no (continuación de texto simple)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Model default (%1)</source>
        <translation>Valor del modelo (%1)</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>%1 tokens is more than the %2 this model was trained on: past %2 tokens its replies are likely to fall apart, and the memory is spent for nothing.</source>
        <translation>%1 tokens son más que los %2 con los que se entrenó este modelo: a partir de %2 tokens es probable que sus respuestas pierdan coherencia, y la memoria se gasta en vano.</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Reload</source>
        <translation>Volver a cargar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load the model again with the context length and GPU split chosen now</source>
        <translation>Volver a cargar el modelo con la longitud de contexto y la división de GPU elegidas ahora</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Reading the file…</source>
        <translation>Leyendo el archivo…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This file cannot be loaded. Open another model.</source>
        <translation>Este archivo no se puede cargar. Abra otro modelo.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not loaded. Press Load to load it.</source>
        <translation>Sin cargar. Pulse «Cargar» para cargarlo.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open a GGUF model file to see what is in it.</source>
        <translation>Abra un archivo de modelo GGUF para ver su contenido.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Loading %1…</source>
        <translation>Cargando %1…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This file cannot be loaded; the chat still uses %1.</source>
        <extracomment>%1 is the loaded model&apos;s name: the file shown cannot be loaded, the chat goes on with it.</extracomment>
        <translation>Este archivo no se puede cargar; el chat sigue usando %1.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Not loaded: the chat still uses %1. Press Load to switch to this model.</source>
        <extracomment>%1 is the loaded model&apos;s name; &quot;Load&quot; is the Load button: use its translation.</extracomment>
        <translation>Sin cargar: el chat aún usa %1. Pulse «Cargar» para cambiar a este modelo.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Loaded in %1 s on the CPU.</source>
        <translation>Cargado en %1 s en la CPU.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Loaded in %1 s on %2.</source>
        <extracomment>%2 names the backend the engine chose (&quot;cuda (2 GPUs)&quot;).</extracomment>
        <translation>Cargado en %1 s en %2.</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ModelSourcePanel</name>
    <message>
        <location filename="../gui/models/model_source_panel.cpp" line="+46"/>
        <source>Source:</source>
        <extracomment>Where the model runs: a GGUF file loaded by this app, or an OpenAI-compatible server.</extracomment>
        <translation>Origen:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model file</source>
        <translation>Archivo de modelo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OpenAI-compatible server</source>
        <translation>Servidor compatible con OpenAI</translation>
    </message>
</context>
<context>
    <name>tessera::gui::OverflowPolicyChooser</name>
    <message>
        <location filename="../gui/chat/overflow_policy_chooser.cpp" line="+27"/>
        <source>When full: %1</source>
        <extracomment>The chat&apos;s context overflow chooser: &quot;When full: Truncate middle&quot;.</extracomment>
        <translation>Si se llena: %1</translation>
    </message>
</context>
<context>
    <name>tessera::gui::OverflowPolicyMenu</name>
    <message>
        <location line="+35"/>
        <source>When the Context Is &amp;Full</source>
        <extracomment>Settings menu: the context overflow policy new conversations start with.</extracomment>
        <translation>Cuando el contexto está &amp;lleno</translation>
    </message>
</context>
<context>
    <name>tessera::gui::RemoteEndpointPanel</name>
    <message>
        <location filename="../gui/remote/remote_endpoint_panel.cpp" line="+143"/>
        <source>Could not connect to %1</source>
        <extracomment>The OpenAI-compatible server&apos;s URL.</extracomment>
        <translation>No se pudo conectar con %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check the URL (it usually ends in /v1), the API key and the model name, and that the server is running.</source>
        <translation>Compruebe la URL (suele terminar en /v1), la clave de API y el nombre del modelo, y que el servidor esté en marcha.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Connected: %1 at %2</source>
        <extracomment>The server&apos;s model id, then the server&apos;s base URL.</extracomment>
        <translation>Conectado: %1 en %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Asking the server for its models…</source>
        <translation>Preguntando al servidor por sus modelos…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Could not connect: %1</source>
        <extracomment>The last Connect failed: the reason.</extracomment>
        <translation>No se pudo conectar: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Could not list the models: %1</source>
        <translation>No se pudieron listar los modelos: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>The server offers %n model(s).</source>
        <translation>
            <numerusform>El servidor ofrece %n modelo.</numerusform>
            <numerusform>El servidor ofrece %n modelos.</numerusform>
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
        <translation>Clave de API:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model:</source>
        <translation>Modelo:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none</source>
        <translation>ninguna</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>List Models</source>
        <translation>Listar modelos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connect</source>
        <translation>Conectar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Disconnect</source>
        <translation>Desconectar</translation>
    </message>
</context>
<context>
    <name>tessera::gui::SamplingPanel</name>
    <message>
        <location filename="../gui/chat/sampling_panel.cpp" line="+86"/>
        <source>Model default</source>
        <extracomment>The Thinking choice of a reasoning model: leave it to the model&apos;s chat template.</extracomment>
        <translation>Predeterminado del modelo</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>On</source>
        <extracomment>Thinking choice: the model thinks before it answers.</extracomment>
        <translation>Activado</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Off</source>
        <extracomment>Thinking choice: the model answers without thinking first.</extracomment>
        <translation>Desactivado</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Low</source>
        <extracomment>Reasoning effort (gpt-oss): how long the model thinks.</extracomment>
        <translation>Bajo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Medium</source>
        <translation>Medio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>High</source>
        <translation>Alto</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Temperature:</source>
        <translation>Temperatura:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Top-k:</source>
        <translation>Top-k:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Top-p:</source>
        <translation>Top-p:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Min-p:</source>
        <translation>Min-p:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Repetition penalty:</source>
        <translation>Penalización por repetición:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Seed:</source>
        <translation>Semilla:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Max reply tokens:</source>
        <translation>Máx. tokens por respuesta:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Higher values give more varied replies; 0 always picks the most likely token.</source>
        <translation>Los valores más altos dan respuestas más variadas; 0 elige siempre el token más probable.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>off</source>
        <extracomment>Shown in the Top-k box at 0.</extracomment>
        <translation>desactivado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sample only among the k most likely tokens (0 = no limit).</source>
        <translation>Muestrear solo entre los k tokens más probables (0 = sin límite).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sample among the most likely tokens whose probabilities add up to p (1 = off).</source>
        <translation>Muestrear entre los tokens más probables cuyas probabilidades suman p (1 = desactivado).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drop tokens less likely than this fraction of the most likely one (0 = off).</source>
        <translation>Descartar los tokens menos probables que esta fracción del más probable (0 = desactivado).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Penalise tokens that already appeared (1 = off).</source>
        <translation>Penalizar los tokens que ya aparecieron (1 = desactivado).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>random</source>
        <extracomment>Shown in the Seed box at -1: a new random seed for every reply.</extracomment>
        <translation>aleatoria</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A fixed seed makes replies repeatable with the same settings.</source>
        <translation>Una semilla fija hace que las respuestas se repitan con la misma configuración.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The longest reply, in tokens.</source>
        <translation>La respuesta más larga, en tokens.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Thinking:</source>
        <translation>Razonamiento:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Whether, or how long, a reasoning model thinks before it answers (as its chat template offers it).</source>
        <translation>Si un modelo de razonamiento piensa antes de responder, o durante cuánto tiempo (según lo ofrezca su plantilla de chat).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reset to Defaults</source>
        <translation>Restablecer valores predeterminados</translation>
    </message>
</context>
<context>
    <name>tessera::gui::SplitBenchModel</name>
    <message>
        <location filename="../gui/bench/split_bench_model.cpp" line="+65"/>
        <source>Everything on GPU %1</source>
        <translation>Todo en la GPU %1</translation>
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
        <translation>Filas</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Layer</source>
        <translation>Capas</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 · %2 · main GPU %3</source>
        <extracomment>A split in a line: mode, the GPUs&apos; shares, the main GPU.</extracomment>
        <translation>%1 · %2 · GPU principal %3</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>It would overflow GPU %1: %2 needed, %3 usable.</source>
        <extracomment>A split of the benchmark that does not fit: GPU index, bytes it would need, bytes usable.</extracomment>
        <translation>Desbordaría la GPU %1: se necesitan %2, hay %3 utilizables.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>At most %1 splits can be compared.</source>
        <translation>Se pueden comparar como máximo %1 repartos.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This split is in the list already.</source>
        <translation>Este reparto ya está en la lista.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This split cannot be measured. %1</source>
        <translation>Este reparto no se puede medir. %1</translation>
    </message>
    <message numerus="yes">
        <location line="+40"/>
        <source>%n suggestion(s) left out: they would not fit the GPUs or the model.</source>
        <translation>
            <numerusform>%n sugerencia omitida: no cabría en las GPU o no sirve para el modelo.</numerusform>
            <numerusform>%n sugerencias omitidas: no cabrían en las GPU o no sirven para el modelo.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+81"/>
        <source>Split #%1 cannot be measured. %2</source>
        <translation>El reparto n.º %1 no se puede medir. %2</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Cancelling: the model is loaded with its own split again…</source>
        <translation>Cancelando: el modelo se vuelve a cargar con su propio reparto…</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+9"/>
        <source>Measuring split %1 of %2…</source>
        <translation>Midiendo el reparto %1 de %2…</translation>
    </message>
    <message numerus="yes">
        <location line="+20"/>
        <source>Cancelled after %n split(s) measured.</source>
        <translation>
            <numerusform>Cancelado tras medir %n reparto.</numerusform>
            <numerusform>Cancelado tras medir %n repartos.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Done: %n split(s) measured.</source>
        <translation>
            <numerusform>Listo: %n reparto medido.</numerusform>
            <numerusform>Listo: %n repartos medidos.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tessera::gui::SplitBenchView</name>
    <message>
        <location filename="../gui/bench/split_bench_view.cpp" line="+204"/>
        <source>Measure the loaded model under 2 to 6 splits: each is loaded in turn and runs a short prompt and generation benchmark. Afterwards the model is loaded with its own split again.</source>
        <translation>Mide el modelo cargado con 2 a 6 repartos: cada uno se carga por turno y ejecuta una breve prueba de prompt y de generación. Después, el modelo se vuelve a cargar con su propio reparto.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Split</source>
        <translation>Reparto</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Memory per GPU</source>
        <translation>Memoria por GPU</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+18"/>
        <source>Prompt (tok/s)</source>
        <translation>Prompt (tok/s)</translation>
    </message>
    <message>
        <location line="-17"/>
        <location line="+16"/>
        <source>Generation (tok/s)</source>
        <translation>Generación (tok/s)</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>Add Current Split</source>
        <translation>Añadir el reparto actual</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add the split chosen in the split editor</source>
        <translation>Añadir el reparto elegido en el editor de repartos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add Suggestions</source>
        <translation>Añadir sugerencias</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add layer and row split with even shares, and everything on the main GPU</source>
        <translation>Añadir reparto por capas y por filas a partes iguales, y todo en la GPU principal</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove</source>
        <translation>Quitar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prompt:</source>
        <translation>Prompt:</translation>
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
        <translation>Generar:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Runs:</source>
        <translation>Pasadas:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run Benchmark</source>
        <translation>Ejecutar la prueba</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Apply the Winner</source>
        <translation>Aplicar la ganadora</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Take the fastest split into the split editor and reload the model with it</source>
        <translation>Llevar el reparto más rápido al editor y volver a cargar el modelo con él</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Generation</source>
        <translation>Generación</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prompt</source>
        <translation>Prompt</translation>
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
        <translation>pp%1 y tg%2 en %3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>cancelled</source>
        <translation>cancelado</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>failed</source>
        <translation>error</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>measuring…</source>
        <translation>midiendo…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>does not fit</source>
        <extracomment>A split that cannot be measured (it would overflow a GPU): shown in its speed columns.</extracomment>
        <translation>no cabe</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>No winner: everything ran on the CPU (no GPU backend is in use), where the splits cannot differ; their speeds say nothing about the GPUs.</source>
        <extracomment>The benchmark&apos;s verdict when the model ran on the CPU, where the GPU split changes nothing.</extracomment>
        <translation>Ningún ganador: todo se ejecutó en la CPU (no se usa ningún backend de GPU), donde los repartos no pueden diferir; sus velocidades no dicen nada de las GPU.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No clear winner: %1 are as fast as each other within the spread of the runs. Run more repetitions to tell them apart, or keep the split you have.</source>
        <extracomment>The benchmark&apos;s splits are as fast as each other within the runs&apos; spread: %1 lists them (&quot;#1, #3&quot;).</extracomment>
        <translation>Sin ganadora clara: %1 son igual de rápidos dentro de la dispersión de las ejecuciones. Ejecute más repeticiones para distinguirlos o conserve su reparto.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Winner: #%1, %2 — %3 tok/s generation, %4 tok/s prompt</source>
        <translation>Ganadora: n.º %1, %2 — %3 tok/s de generación, %4 tok/s de prompt</translation>
    </message>
    <message>
        <location line="-14"/>
        <source>Add at least two splits and run the benchmark; the fastest can then be applied.</source>
        <translation>Añade al menos dos repartos y ejecuta la prueba; después se puede aplicar el más rápido.</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Split (#)</source>
        <translation>Reparto (n.º)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Memory on the fullest GPU (GiB)</source>
        <translation>Memoria en la GPU más llena (GiB)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Memory on the fullest GPU (MiB)</source>
        <translation>Memoria en la GPU más llena (MiB)</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Load a model first</source>
        <translation>Carga primero un modelo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add at least two splits to compare</source>
        <translation>Añade al menos dos repartos para comparar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load the model with each split in turn and measure it</source>
        <translation>Cargar el modelo con cada reparto por turno y medirlo</translation>
    </message>
</context>
<context>
    <name>tessera::gui::SplitEditor</name>
    <message>
        <location filename="../gui/gpus/split_editor.cpp" line="+168"/>
        <source>None (main GPU only)</source>
        <translation>Ninguna (solo la GPU principal)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Layer (whole layers per GPU)</source>
        <translation>Capa (capas completas por GPU)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Row (every matrix split by rows)</source>
        <translation>Fila (cada matriz dividida por filas)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Layer: each GPU holds whole layers and the activations hop between GPUs.
Row: each weight matrix is split across the GPUs, which compute in parallel.
None: everything on the main GPU.</source>
        <translation>Capa: cada GPU contiene capas completas y las activaciones pasan de una GPU a otra.
Fila: cada matriz de pesos se reparte entre las GPU, que calculan en paralelo.
Ninguna: todo en la GPU principal.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The GPU that holds the shared tensors (row split) or everything (no split)</source>
        <translation>La GPU que contiene los tensores compartidos (división por filas) o todo (sin división)</translation>
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
        <translation>Igual</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Free Memory</source>
        <extracomment>Preset: shares by each GPU&apos;s free memory.</extracomment>
        <translation>Memoria libre</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Total Memory</source>
        <extracomment>Preset: shares by each GPU&apos;s total memory.</extracomment>
        <translation>Memoria total</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The same share on every GPU</source>
        <translation>La misma parte en cada GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shares proportional to each GPU&apos;s free memory</source>
        <translation>Partes proporcionales a la memoria libre de cada GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shares proportional to each GPU&apos;s total memory</source>
        <translation>Partes proporcionales a la memoria total de cada GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Apply Split</source>
        <translation>Aplicar división</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Split:</source>
        <translation>División:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Main GPU:</source>
        <translation>GPU principal:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KV cache:</source>
        <translation>Caché KV:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Presets:</source>
        <translation>Preajustes:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No GPU: the model runs on the CPU, so there is nothing to split.</source>
        <translation>No hay GPU: el modelo se ejecuta en la CPU, así que no hay nada que dividir.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>used by others</source>
        <translation>usada por otros</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>weights</source>
        <translation>pesos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KV cache</source>
        <translation>caché KV</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scratch</source>
        <translation>memoria de trabajo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dashed line: usable limit</source>
        <translation>línea discontinua: límite utilizable</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: %2</source>
        <extracomment>A GPU: its CUDA index and its name (&quot;0: NVIDIA H200&quot;).</extracomment>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>UUID %1</source>
        <translation>UUID %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Share of the model for %1</source>
        <translation>Parte del modelo para %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Share of the model this GPU gets (the ratios normalised)</source>
        <translation>Parte del modelo que recibe esta GPU (proporciones normalizadas)</translation>
    </message>
    <message>
        <location line="+153"/>
        <source>layer %1</source>
        <translation>capa %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KV head %1</source>
        <translation>cabeza KV %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>KV heads %1–%2</source>
        <translation>cabezas KV %1–%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FFN row %1</source>
        <translation>fila FFN %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>FFN rows %1–%2</source>
        <translation>filas FFN %1–%2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Holds nothing of the model (%1 usable)</source>
        <translation>No contiene nada del modelo (%1 utilizables)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Weights %1 · KV cache %2 · Recurrent state %3 · Scratch %4 = %5 of %6 usable</source>
        <extracomment>A GPU&apos;s share of a hybrid model (Qwen3.5/3.6): the recurrent layers&apos; state does not grow with the context.</extracomment>
        <translation>Pesos %1 · caché KV %2 · estado recurrente %3 · trabajo %4 = %5 de %6 utilizables</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Weights %1 · KV cache %2 · Scratch %3 = %4 of %5 usable</source>
        <translation>Pesos %1 · caché KV %2 · trabajo %3 = %4 de %5 utilizables</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Open a model to see what each GPU would hold.</source>
        <translation>Abra un modelo para ver qué contendría cada GPU.</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%1 · context %Ln token(s) · %2 KV cache</source>
        <extracomment>The previewed model: its name, the context length, the KV cache precision (F16, F32, Q8_0, Q4_0).</extracomment>
        <translation>
            <numerusform>%1 · contexto %Ln token · caché KV %2</numerusform>
            <numerusform>%1 · contexto %Ln tokens · caché KV %2</numerusform>
        </translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 free of %2</source>
        <translation>%1 libres de %2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 %</source>
        <extracomment>A GPU&apos;s share of the model, in percent.</extracomment>
        <translation>%1 %</translation>
    </message>
    <message>
        <location line="-67"/>
        <source>layers %1–%2</source>
        <translation>capas %1–%2</translation>
    </message>
    <message>
        <location line="+77"/>
        <source>%1, %2</source>
        <extracomment>Which KV heads and FFN rows a GPU holds (&quot;KV heads 0–3, FFN rows 0–5,631&quot;).</extracomment>
        <translation>%1, %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (%2)</source>
        <extracomment>What a GPU would hold (bytes), then which layers or rows.</extracomment>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>This split cannot be planned: %1</source>
        <translation>Esta división no se puede planificar: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Does not fit: %1</source>
        <translation>No cabe: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>Fits: %1 in total on %n GPU(s).</source>
        <translation>
            <numerusform>Cabe: %1 en total en %n GPU.</numerusform>
            <numerusform>Cabe: %1 en total en %n GPU.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Load a model first; the next load uses this split</source>
        <translation>Cargue primero un modelo; la próxima carga usará esta división</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The model would not fit with this split</source>
        <translation>El modelo no cabría con esta división</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The loaded model already uses this split</source>
        <translation>El modelo cargado ya usa esta división</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reload the model with this split</source>
        <translation>Volver a cargar el modelo con esta división</translation>
    </message>
    <message>
        <location line="-283"/>
        <source> %</source>
        <extracomment>Suffix of a GPU&apos;s share in the split editor&apos;s number box (&quot;60.0 %&quot;).</extracomment>
        <translation> %</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1&apos;s share of the model in percent; the other GPUs share the rest in proportion</source>
        <translation>Porcentaje del modelo para %1; las demás GPU se reparten el resto en proporción</translation>
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
        <translation>Precisión de la caché KV: F32 duplica su tamaño; Q8_0 y Q4_0 guardan valores de 8 y 4 bits con una escala cada 32, alrededor de la mitad y la cuarta parte del tamaño de F16</translation>
    </message>
    <message>
        <location line="+276"/>
        <source>Weights: %1 bytes
KV cache: %2 bytes
Recurrent state: %3 bytes
Scratch: %4 bytes
Total: %5 bytes
Usable: %6 bytes</source>
        <translation>Pesos: %1 bytes
Caché KV: %2 bytes
Estado recurrente: %3 bytes
Memoria de trabajo: %4 bytes
Total: %5 bytes
Utilizable: %6 bytes</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Total %1 %</source>
        <extracomment>The GPUs&apos; shares added up, in percent.</extracomment>
        <translation>Total %1 %</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The shares of all GPUs add up to this</source>
        <translation>Las partes de todas las GPU suman esto</translation>
    </message>
</context>
<context>
    <name>tessera::gui::SplitPreviewModel</name>
    <message>
        <location filename="../gui/gpus/split_preview_model.cpp" line="+291"/>
        <source>Would overflow: needs %1 but only %2 is usable (%3 free, %4 kept in reserve). Choose Layer or Row split to spread the model over the GPUs, shorten the context or use a smaller quantization.</source>
        <translation>Se desbordaría: necesita %1, pero solo hay %2 utilizables (%3 libres, %4 en reserva). Elija la división por Capa o por Fila para repartir el modelo entre las GPU, acorte el contexto o use una cuantización más pequeña.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Would overflow: needs %1 but only %2 is usable (%3 free, %4 kept in reserve). Move share to another GPU, shorten the context or use a smaller quantization.</source>
        <translation>Se desbordaría: necesita %1, pero solo hay %2 utilizables (%3 libres, %4 en reserva). Mueva parte a otra GPU, acorte el contexto o use una cuantización más pequeña.</translation>
    </message>
</context>
<context>
    <name>tessera::gui::StatusLine</name>
    <message>
        <location filename="../gui/app/status_line.cpp" line="+46"/>
        <source>Last reply: %1 tok/s</source>
        <translation>Última respuesta: %1 tok/s</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No model loaded</source>
        <translation>Ningún modelo cargado</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Connecting to %1…</source>
        <extracomment>The OpenAI-compatible server&apos;s URL.</extracomment>
        <translation>Conectando con %1…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Loading %1… %2%</source>
        <extracomment>The file being loaded, then how much of it is done, in percent.</extracomment>
        <translation>Cargando %1… %2 %</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Ready: %1 on the server %2</source>
        <extracomment>The server&apos;s model id, then the server&apos;s base URL.</extracomment>
        <translation>Listo: %1 en el servidor %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Ready: %1 (%2, %3 parameters) on the CPU</source>
        <extracomment>Model name, architecture, parameter count (&quot;7.24 B&quot;).</extracomment>
        <translation>Listo: %1 (%2, %3 parámetros) en la CPU</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ready: %1 (%2, %3 parameters) on %4</source>
        <extracomment>Model name, architecture, parameter count (&quot;7.24 B&quot;), the engine&apos;s backend (&quot;cuda (2 GPUs)&quot;).</extracomment>
        <translation>Listo: %1 (%2, %3 parámetros) en %4</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Reading the prompt: %1 / %2 tok (Esc stops)</source>
        <extracomment>Status bar while the model reads the conversation: tokens read, of all. Esc stops.</extracomment>
        <translation>Leyendo el prompt: %1 / %2 tok (Esc para detener)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Generating: %1 tok so far</source>
        <translation>Generando: %1 tok hasta ahora</translation>
    </message>
</context>
<context>
    <name>tessera::gui::SystemPromptEdit</name>
    <message>
        <location filename="../gui/chat/system_prompt_edit.cpp" line="+22"/>
        <source>For example: You are a helpful assistant. Answer briefly.</source>
        <translation>Por ejemplo: Eres un asistente útil. Responde con brevedad.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instructions the model sees before the conversation. Used only by models with a chat template.</source>
        <translation>Instrucciones que el modelo ve antes de la conversación. Solo las usan los modelos con plantilla de chat.</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ThemeSwitcher</name>
    <message>
        <location filename="../gui/settings/theme_switcher.cpp" line="+127"/>
        <source>&amp;Theme</source>
        <extracomment>Settings menu: the colours of the app.</extracomment>
        <translation>&amp;Tema</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>System default</source>
        <extracomment>Theme menu entry: the desktop&apos;s own colours.</extracomment>
        <translation>Idioma del sistema</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Light</source>
        <translation>Claro</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dark</source>
        <translation>Oscuro</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ThroughputPlot</name>
    <message>
        <location filename="../gui/performance/throughput_plot.cpp" line="-324"/>
        <source>Tokens per second appear here while the model answers.</source>
        <translation>Aquí aparecen los tokens por segundo mientras el modelo responde.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Export PNG…</source>
        <translation>Exportar PNG…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save this plot as a PNG image</source>
        <translation>Guardar este gráfico como imagen PNG</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>seconds since the request</source>
        <translation>segundos desde la solicitud</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>generation tokens/s</source>
        <translation>generación tokens/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>prompt tokens/s</source>
        <translation>prompt tokens/s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>reply</source>
        <extracomment>Axis of the recent-replies bar chart: reply number.</extracomment>
        <translation>respuesta</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>generation</source>
        <extracomment>Axis of the recent-replies bar chart: generation tokens/s.</extracomment>
        <translation>generación</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+3"/>
        <source>prompt</source>
        <extracomment>Axis of the recent-replies bar chart (and the band over the prompt phase): prompt tokens/s.</extracomment>
        <translation>prompt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prompt tokens/s</source>
        <translation>Tokens/s del prompt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Generation tokens/s</source>
        <translation>Tokens/s generados</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Generation tokens/s per reply</source>
        <translation>Tokens/s generados por respuesta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prompt tokens/s per reply</source>
        <translation>Tokens/s del prompt por respuesta</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+55"/>
        <source>Earlier replies</source>
        <translation>Respuestas anteriores</translation>
    </message>
    <message>
        <location line="-37"/>
        <source>first token
%1 s</source>
        <extracomment>Next to the dashed line at the first token: the time it took, in seconds.</extracomment>
        <translation>primer token
%1 s</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Reply %1: reading the prompt…</source>
        <translation>Respuesta %1: leyendo el prompt…</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Reply %1: first token after %2 s, generating…</source>
        <translation>Respuesta %1: primer token tras %2 s, generando…</translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>Reply %1: %2 tokens/s, %Ln token(s) so far</source>
        <extracomment>While generating: reply number, current speed, tokens generated so far.</extracomment>
        <translation>
            <numerusform>Respuesta %1: %2 tokens/s, %Ln token hasta ahora</numerusform>
            <numerusform>Respuesta %1: %2 tokens/s, %Ln tokens hasta ahora</numerusform>
        </translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Reply %1 failed</source>
        <translation>La respuesta %1 falló</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>prompt %1 tok at %2 tok/s</source>
        <translation>prompt %1 tok a %2 tok/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>prompt —</source>
        <translation>prompt —</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>generated %1 tok at %2 tok/s · first token %3 s</source>
        <translation>generados %1 tok a %2 tok/s · primer token %3 s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no token generated</source>
        <translation>ningún token generado</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reply %1 (stopped): %2 · %3</source>
        <extracomment>A reply the user stopped: reply number, the prompt part, the generation part.</extracomment>
        <translation>Respuesta %1 (detenida): %2 · %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reply %1: %2 · %3</source>
        <extracomment>A finished reply: reply number, the prompt part, the generation part.</extracomment>
        <translation>Respuesta %1: %2 · %3</translation>
    </message>
    <message>
        <location line="+154"/>
        <source>Throughput of %1, %2</source>
        <extracomment>Title of an exported throughput plot: the model&apos;s name, the date and time.</extracomment>
        <translation>Rendimiento de %1, %2</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Export Throughput Plot</source>
        <translation>Exportar el gráfico de velocidad</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>throughput.png</source>
        <translation>velocidad.png</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PNG images (*.png)</source>
        <translation>Imágenes PNG (*.png)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Saved the plot to %1</source>
        <extracomment>After Export PNG…: where the image went, or that it could not be written.</extracomment>
        <translation>Gráfico guardado en %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The plot could not be saved to %1</source>
        <translation>No se pudo guardar el gráfico en %1</translation>
    </message>
</context>
</TS>
