<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE" sourcelanguage="en">
<context>
    <name>CommandLine</name>
    <message>
        <location filename="../gui/app/command_line.cpp" line="+9"/>
        <source>Tessera runs GGUF language models on your GPUs and lets you chat with them.</source>
        <translation>Tessera führt GGUF-Sprachmodelle auf Ihren GPUs aus und lässt Sie mit ihnen chatten.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open and load the GGUF model FILE.</source>
        <translation>Das GGUF-Modell DATEI öffnen und laden.</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+2"/>
        <source>FILE</source>
        <translation>DATEI</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>A GGUF model to open (same as --model).</source>
        <translation>Ein zu öffnendes GGUF-Modell (wie --model).</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>[FILE]</source>
        <translation>[DATEI]</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Give one model file, either with --model or as the only argument.</source>
        <translation>Geben Sie genau eine Modelldatei an, entweder mit --model oder als einziges Argument.</translation>
    </message>
</context>
<context>
    <name>ConversationIo</name>
    <message>
        <location filename="../gui/history/conversation_io.cpp" line="+123"/>
        <source>%1 is not valid JSON: %2 at byte %3.</source>
        <translation>%1 ist kein gültiges JSON: %2 bei Byte %3.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 is not a Tessera conversation (expected &quot;format&quot;: &quot;%2&quot;).</source>
        <translation>%1 ist keine Tessera-Unterhaltung (erwartet: &quot;format&quot;: &quot;%2&quot;).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 was written by a newer Tessera (conversation version %2; this version reads %3).</source>
        <translation>%1 wurde von einer neueren Tessera-Version geschrieben (Unterhaltungsversion %2; diese Version liest %3).</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Message %1 in %2 has role &quot;%3&quot;; expected &quot;user&quot; or &quot;assistant&quot;.</source>
        <translation>Nachricht %1 in %2 hat die Rolle &quot;%3&quot;; erwartet wird &quot;user&quot; oder &quot;assistant&quot;.</translation>
    </message>
    <message>
        <location line="+20"/>
        <location line="+5"/>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
</context>
<context>
    <name>ConversationStore</name>
    <message>
        <location filename="../gui/history/conversation_store.cpp" line="+57"/>
        <source>Empty conversation</source>
        <translation>Leere Unterhaltung</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Cannot create the folder %1 for conversations.</source>
        <translation>Der Ordner %1 für Unterhaltungen kann nicht angelegt werden.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Cannot delete %1: %2</source>
        <translation>%1 kann nicht gelöscht werden: %2</translation>
    </message>
</context>
<context>
    <name>DisplayFormat</name>
    <message>
        <location filename="../gui/common/display_format.cpp" line="+17"/>
        <source>%1 B</source>
        <extracomment>A parameter count in billions (&quot;7.24 B&quot;), as model sizes are usually written.</extracomment>
        <translation>%1 Mrd.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 M</source>
        <extracomment>A parameter count in millions (&quot;3.7 M&quot;).</extracomment>
        <translation>%1 Mio.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 K</source>
        <extracomment>A parameter count in thousands (&quot;260.0 K&quot;).</extracomment>
        <translation>%1 Tsd.</translation>
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
        <translation>der CPU (%1 Threads, KV-Cache %2, Kontext %3)</translation>
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
        <translation>Prompt: %1 Token</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Prompt: %1 tok at %2 tok/s</source>
        <translation>Prompt: %1 Token mit %2 Token/s</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, %2 tok cached</source>
        <extracomment>After &quot;Prompt: 12 tok at 950.3 tok/s&quot;: prompt tokens reused from the cache, not read again.</extracomment>
        <translation>%1, %2 Token im Cache</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Generation: —</source>
        <translation>Generierung: —</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Generation: %1 tok at %2 tok/s</source>
        <translation>Generierung: %1 Token mit %2 Token/s</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Generation: %1 tok</source>
        <extracomment>A reply of a single token: no rate (it is measured between tokens).</extracomment>
        <translation>Generierung: %1 Token</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (%2 thinking)</source>
        <extracomment>After &quot;Generation: 120 tok at 45.0 tok/s&quot;: how many of those tokens the model spent thinking.</extracomment>
        <translation>%1 (%2 beim Nachdenken)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>First token: %1 s</source>
        <translation>Erstes Token: %1 s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>First token: —</source>
        <translation>Erstes Token: —</translation>
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
        <translation>Über einen vollen Kontext hinaus fortgesetzt (%1×, %2 frühere tok vergessen)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Earlier messages left out to fit the context (%1 messages, %2 tok)</source>
        <extracomment>Under a reply: the context overflow policy left earlier messages out of what the model saw.</extracomment>
        <translation>Frühere Nachrichten ausgelassen, damit alles in den Kontext passt (%1 Nachrichten, %2 tok)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Part of the conversation left out to fit the context (%1 tok)</source>
        <extracomment>Under a reply: the overflow policy cut tokens out of the middle of the conversation (no whole message).</extracomment>
        <translation>Ein Teil des Gesprächs wurde ausgelassen, damit alles in den Kontext passt (%1 tok)</translation>
    </message>
</context>
<context>
    <name>ErrorTexts</name>
    <message>
        <location filename="../gui/common/error_text.cpp" line="+12"/>
        <source>The file is damaged or is not a GGUF model. Download it again or open another file.</source>
        <translation>Die Datei ist beschädigt oder kein GGUF-Modell. Laden Sie sie erneut herunter oder öffnen Sie eine andere Datei.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tessera cannot run this model yet. Choose a model with a supported architecture and tensor types (for example a llama, mistral or qwen2 model in F16, Q8_0, Q4_K or Q6_K).</source>
        <translation>Tessera kann dieses Modell noch nicht ausführen. Wählen Sie ein Modell mit unterstützter Architektur und unterstützten Tensortypen (zum Beispiel ein llama-, mistral- oder qwen2-Modell in F16, Q8_0, Q4_K oder Q6_K).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose a smaller context length, a more strongly quantized model, or spread the model over more GPUs.</source>
        <translation>Wählen Sie eine kürzere Kontextlänge oder ein stärker quantisiertes Modell, oder verteilen Sie das Modell auf mehr GPUs.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check that the NVIDIA driver is working (nvidia-smi), then try again.</source>
        <translation>Prüfen Sie, ob der NVIDIA-Treiber funktioniert (nvidia-smi), und versuchen Sie es dann erneut.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing was loaded. Press Load to start again.</source>
        <translation>Es wurde nichts geladen. Klicken Sie auf „Laden“, um neu zu beginnen.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check that the file exists and that you may read it.</source>
        <translation>Prüfen Sie, ob die Datei existiert und ob Sie sie lesen dürfen.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Check the settings and try again.</source>
        <translation>Prüfen Sie die Einstellungen und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Loading %1 was cancelled</source>
        <translation>Das Laden von %1 wurde abgebrochen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 does not fit in memory</source>
        <translation>%1 passt nicht in den Speicher</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is not supported</source>
        <translation>%1 wird nicht unterstützt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is not a valid model file</source>
        <translation>%1 ist keine gültige Modelldatei</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not load %1</source>
        <translation>%1 konnte nicht geladen werden</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 is still loaded: the chat goes on with it. %2</source>
        <extracomment>After a failed load: %1 is the model that was loaded before and still is; %2 the advice.</extracomment>
        <translation>%1 ist weiterhin geladen: Der Chat geht damit weiter. %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Let the conversation go on: choose Truncate middle or Rolling window beside the context meter, and the model forgets older messages. Or start a new conversation (New Conversation), or load the model with a larger context (Context in the model panel, then Load).</source>
        <extracomment>&quot;Truncate middle&quot;, &quot;Rolling window&quot; and &quot;New Conversation&quot; are the chat&apos;s choices and button, &quot;Context&quot; the model panel&apos;s field: use their translations.</extracomment>
        <translation>Lassen Sie das Gespräch weiterlaufen: Wählen Sie neben der Kontextanzeige „Mitte kürzen“ oder „Gleitendes Fenster“, dann vergisst das Modell ältere Nachrichten. Oder beginnen Sie eine neue Unterhaltung („Neue Unterhaltung“) oder laden Sie das Modell mit einem größeren Kontext („Kontextlänge“ im Bereich „Modell“, dann „Laden“).</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The conversation fills the model&apos;s context</source>
        <translation>Die Unterhaltung füllt den Kontext des Modells</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The last reply was cut off: all %1 tokens of the context are used, so nothing more fits.</source>
        <translation>Die letzte Antwort wurde abgeschnitten: Alle %1 Token des Kontexts sind belegt, es passt nichts mehr hinein.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The conversation no longer fits the model&apos;s context</source>
        <translation>Die Unterhaltung passt nicht mehr in den Kontext des Modells</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The reply ran out of memory</source>
        <translation>Für die Antwort reichte der Speicher nicht</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The reply could not be generated</source>
        <translation>Die Antwort konnte nicht erzeugt werden</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Start a new conversation or load the model with a longer context.</source>
        <translation>Beginnen Sie eine neue Unterhaltung oder laden Sie das Modell mit einem längeren Kontext.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cannot open %1</source>
        <translation>%1 kann nicht geöffnet werden</translation>
    </message>
</context>
<context>
    <name>MemoryCheck</name>
    <message>
        <location filename="../gui/models/memory_check.cpp" line="+45"/>
        <source>%1 may not fit in memory</source>
        <translation>%1 passt möglicherweise nicht in den Speicher</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Loading it on the CPU needs about %1 (weights and context), but only %2 of memory is available.</source>
        <extracomment>Planned bytes of the load, then the bytes the system has available (&quot;36.20 GiB&quot;, &quot;23.10 GiB&quot;).</extracomment>
        <translation>Das Laden auf der CPU braucht etwa %1 (Gewichte und Kontext), verfügbar sind aber nur %2 Speicher.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose a smaller or more strongly quantized model, or a shorter context. Loading anyway can make the computer swap until it barely responds.</source>
        <translation>Wählen Sie ein kleineres oder stärker quantisiertes Modell oder einen kürzeren Kontext. Wenn Sie trotzdem laden, kann der Rechner so stark auslagern, dass er kaum noch reagiert.</translation>
    </message>
</context>
<context>
    <name>ModelProblems</name>
    <message>
        <location filename="../gui/models/model_preview.cpp" line="+49"/>
        <source>Damaged or not a GGUF file</source>
        <translation>Beschädigt oder keine GGUF-Datei</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Vocabulary only: no weights</source>
        <extracomment>A GGUF file with a tokenizer&apos;s vocabulary but no tensors (no model to run).</extracomment>
        <translation>Nur Vokabular: keine Gewichte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unsupported architecture: %1</source>
        <translation>Nicht unterstützte Architektur: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Unsupported tensor type: %1</source>
        <translation>Nicht unterstützter Tensortyp: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Incomplete or malformed model</source>
        <translation>Unvollständiges oder fehlerhaftes Modell</translation>
    </message>
</context>
<context>
    <name>OverflowPolicyTexts</name>
    <message>
        <location filename="../gui/chat/overflow_policy_chooser.cpp" line="+11"/>
        <source>Stop</source>
        <extracomment>Context overflow policy: the reply stops when the model&apos;s context is full.</extracomment>
        <translation>Anhalten</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Truncate middle</source>
        <extracomment>Context overflow policy: keep the start of the conversation and the latest messages.</extracomment>
        <translation>Mitte kürzen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rolling window</source>
        <extracomment>Context overflow policy: keep only the latest messages (and the system prompt).</extracomment>
        <translation>Gleitendes Fenster</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>When the context is full, the reply stops and the conversation cannot go on.</source>
        <translation>Ist der Kontext voll, endet die Antwort und das Gespräch kann nicht weitergehen.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>When the context is full, the model keeps the system prompt, the first exchange and the most recent messages, and forgets the ones in between.</source>
        <translation>Ist der Kontext voll, behält das Modell den Systemprompt, den ersten Austausch und die neuesten Nachrichten und vergisst die dazwischen.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>When the context is full, the model keeps the system prompt and the most recent messages, and forgets the oldest.</source>
        <translation>Ist der Kontext voll, behält das Modell den Systemprompt und die neuesten Nachrichten und vergisst die ältesten.</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ChatInput</name>
    <message>
        <location filename="../gui/chat/chat_input.cpp" line="+16"/>
        <source>Write a message… (Enter sends, Shift+Enter for a new line)</source>
        <translation>Nachricht schreiben… (Eingabe sendet, Umschalt+Eingabe für eine neue Zeile)</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ChatPanel</name>
    <message>
        <location filename="../gui/chat/chat_panel.cpp" line="+103"/>
        <source>Send</source>
        <translation>Senden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Regenerate</source>
        <translation>Neu erzeugen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New Conversation</source>
        <translation>Neue Unterhaltung</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The conversation holds %1 of the %2 tokens the model can keep in mind. When they are used up, what happens depends on the policy beside this meter: the reply stops, or older messages are forgotten.</source>
        <translation>Das Gespräch belegt %1 der %2 Token, die das Modell im Blick behalten kann. Sind sie aufgebraucht, entscheidet die Einstellung neben dieser Anzeige: Die Antwort endet, oder ältere Nachrichten werden vergessen.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Send the message (Enter)</source>
        <translation>Nachricht senden (Eingabe)</translation>
    </message>
    <message>
        <location line="-56"/>
        <source>Stop the reply being generated (Esc)</source>
        <translation>Erzeugung der Antwort anhalten (Esc)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Discard the last reply and generate a new one</source>
        <translation>Letzte Antwort verwerfen und eine neue erzeugen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start a new, empty conversation</source>
        <translation>Eine neue, leere Unterhaltung beginnen</translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+3"/>
        <source>Context: %1 / %2 tok</source>
        <extracomment>The context meter under the chat: tokens the conversation holds, of the model&apos;s context.</extracomment>
        <translation>Kontext: %1 / %2 Token</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Load a model first (Load in the model panel)</source>
        <translation>Laden Sie zuerst ein Modell („Laden“ im Bereich „Modell“)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wait until the model has loaded</source>
        <translation>Warten Sie, bis das Modell geladen ist</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wait for the reply to finish, or press Stop</source>
        <translation>Warten Sie, bis die Antwort fertig ist, oder klicken Sie auf „Stopp“</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write a message first</source>
        <translation>Schreiben Sie zuerst eine Nachricht</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Open a GGUF model to start: File ▸ Open Model…, or drop a .gguf file here.</source>
        <extracomment>&quot;File ▸ Open Model…&quot; names the File menu and its entry: use their translations (without the &amp;).</extracomment>
        <translation>Öffnen Sie zum Start ein GGUF-Modell: Datei ▸ Modell öffnen…, oder ziehen Sie eine .gguf-Datei hierher.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Press Load to load %1, then write a message.</source>
        <extracomment>&quot;Load&quot; is the model panel&apos;s Load button: use its translation. %1 is the model&apos;s name.</extracomment>
        <translation>Klicken Sie auf „Laden“, um %1 zu laden, und schreiben Sie dann eine Nachricht.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Loading the model…</source>
        <translation>Modell wird geladen…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The model is ready. Write a message below.</source>
        <translation>Das Modell ist bereit. Schreiben Sie unten eine Nachricht.</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ConversationSession</name>
    <message>
        <location filename="../gui/history/conversation_session.cpp" line="+52"/>
        <source>The conversation was not saved</source>
        <translation>Die Unterhaltung wurde nicht gespeichert</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Choose a folder you can write to and try again.</source>
        <translation>Wählen Sie einen Ordner, in den Sie schreiben dürfen, und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Saved the conversation to %1</source>
        <translation>Unterhaltung in %1 gespeichert</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+60"/>
        <source>Open Conversation</source>
        <translation>Unterhaltung öffnen</translation>
    </message>
    <message>
        <location line="-60"/>
        <location line="+60"/>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <location line="-56"/>
        <location line="+60"/>
        <source>The conversation could not be opened</source>
        <translation>Die Unterhaltung konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <location line="-60"/>
        <source>Choose a conversation file saved by Tessera.</source>
        <translation>Wählen Sie eine von Tessera gespeicherte Unterhaltungsdatei.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Opened the conversation %1</source>
        <translation>Unterhaltung %1 geöffnet</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>New Conversation</source>
        <translation>Neue Unterhaltung</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>A reply is being generated. It stops here; what it wrote so far is kept.</source>
        <translation>Gerade wird eine Antwort erzeugt. Sie wird hier angehalten; was bisher geschrieben wurde, bleibt erhalten.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The conversation could not be saved (%1). It will be lost.</source>
        <translation>Die Unterhaltung konnte nicht gespeichert werden (%1). Sie geht verloren.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Choose another conversation.</source>
        <translation>Wählen Sie eine andere Unterhaltung.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The conversation was not renamed</source>
        <translation>Die Unterhaltung wurde nicht umbenannt</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+22"/>
        <source>Check that the folder can be written to.</source>
        <translation>Prüfen Sie, ob in den Ordner geschrieben werden kann.</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>Delete Conversation</source>
        <translation>Unterhaltung löschen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Delete this conversation? It cannot be brought back.</source>
        <translation>Diese Unterhaltung löschen? Sie lässt sich nicht wiederherstellen.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The conversation was not deleted</source>
        <translation>Die Unterhaltung wurde nicht gelöscht</translation>
    </message>
</context>
<context>
    <name>tessera::gui::DeviceSource</name>
    <message>
        <location filename="../gui/gpus/device_source.cpp" line="+133"/>
        <source>no GPU in the device list</source>
        <translation>keine GPU in der Geräteliste</translation>
    </message>
</context>
<context>
    <name>tessera::gui::DockTitleBar</name>
    <message>
        <location filename="../gui/app/dock_title_bar.cpp" line="+80"/>
        <source>Show this panel</source>
        <translation>Diesen Bereich anzeigen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Collapse this panel to its title</source>
        <translation>Diesen Bereich auf seine Titelleiste einklappen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Float or dock this panel</source>
        <translation>Diesen Bereich lösen oder andocken</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close this panel (View menu brings it back)</source>
        <translation>Diesen Bereich schließen (über das Menü „Ansicht“ lässt er sich wieder einblenden)</translation>
    </message>
</context>
<context>
    <name>tessera::gui::DownloadQueueModel</name>
    <message>
        <location filename="../gui/download/download_queue_model.cpp" line="+116"/>
        <source>Waiting</source>
        <extracomment>States of a download in the Download view&apos;s queue.</extracomment>
        <translation>Wartet</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Downloading</source>
        <translation>Wird heruntergeladen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paused</source>
        <translation>Angehalten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Done</source>
        <translation>Fertig</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Part %1 of %2: %3 of %4, </source>
        <extracomment>File %1 of %2 of a model in parts: its name, then its bytes received of its size.</extracomment>
        <translation>Teil %1 von %2: %3 von %4, </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 of %2 (%3%)</source>
        <extracomment>Bytes received of the model&apos;s size, and the percentage.</extracomment>
        <translation>%1 von %2 (%3 %)</translation>
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
        <translation>Modell</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>State</source>
        <translation>Status</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Speed</source>
        <translation>Geschwindigkeit</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time left</source>
        <extracomment>Column of the download queue: the time until the download completes.</extracomment>
        <translation>Restzeit</translation>
    </message>
</context>
<context>
    <name>tessera::gui::DownloadView</name>
    <message>
        <location filename="../gui/download/download_view.cpp" line="+213"/>
        <source>Downloaded %1: it is in the Library.</source>
        <extracomment>%1: the downloaded model&apos;s file.</extracomment>
        <translation>%1 heruntergeladen: Es ist in der Bibliothek.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The download of %1 failed</source>
        <extracomment>%1: the model&apos;s file.</extracomment>
        <translation>Der Download von %1 ist fehlgeschlagen</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Download</source>
        <translation>Download</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The environment&apos;s hub settings cannot be used</source>
        <translation>Die Hub-Einstellungen der Umgebung sind nicht verwendbar</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Searching for “%1”…</source>
        <extracomment>%1: the text searched for on the hub.</extracomment>
        <translation>Suche nach „%1“…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The search failed</source>
        <translation>Die Suche ist fehlgeschlagen</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 repositories with GGUF models for “%2”.</source>
        <extracomment>%1: how many repositories the hub found; %2: the text searched for.</extracomment>
        <translation>%1 Repositorys mit GGUF-Modellen für „%2“.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Models of %1 (listing…)</source>
        <extracomment>%1: a hub repository (OWNER/NAME).</extracomment>
        <translation>Modelle von %1 (werden aufgelistet…)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Models of %1</source>
        <translation>Modelle von %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The files of %1 could not be listed</source>
        <translation>Die Dateien von %1 konnten nicht aufgelistet werden</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 has no GGUF model.</source>
        <translation>%1 enthält kein GGUF-Modell.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1 cannot be resumed</source>
        <translation>%1 kann nicht fortgesetzt werden</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The repository %2 no longer lists %1.</source>
        <extracomment>%1: a file name; %2: a hub repository.</extracomment>
        <translation>Das Repository %2 führt %1 nicht mehr.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>There is no models folder</source>
        <translation>Es gibt keinen Modellordner</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The download cannot start</source>
        <translation>Der Download kann nicht beginnen</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>Search the hub for GGUF models, e.g. Qwen3 8B</source>
        <extracomment>Placeholder of the Download view&apos;s search box.</extracomment>
        <translation>Im Hub nach GGUF-Modellen suchen, z. B. Qwen3 8B</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Search</source>
        <translation>&amp;Suchen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pick a repository to see its models.</source>
        <translation>Wählen Sie ein Repository, um seine Modelle zu sehen.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Download</source>
        <translation>&amp;Herunterladen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Downloads</source>
        <translation>Downloads</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Pause</source>
        <translation>&amp;Anhalten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Resume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Cancel</source>
        <translation>A&amp;bbrechen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unfinished downloads in the models folder:</source>
        <translation>Unvollständige Downloads im Modellordner:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Resume &amp;Unfinished</source>
        <translation>&amp;Unvollständigen fortsetzen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hub &amp;address:</source>
        <translation>Hub-&amp;Adresse:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Access &amp;token:</source>
        <translation>Zugriffs&amp;token:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>For gated models: accept the licence on the model&apos;s page and give a token of your account.</source>
        <extracomment>Tooltip of the access token field.</extracomment>
        <translation>Für zugangsbeschränkte Modelle: Akzeptieren Sie die Lizenz auf der Seite des Modells und geben Sie ein Token Ihres Kontos an.</translation>
    </message>
</context>
<context>
    <name>tessera::gui::EngineWorker</name>
    <message>
        <location filename="../gui/engine/engine_worker.cpp" line="+99"/>
        <location line="+181"/>
        <source>Loading %1 was cancelled.</source>
        <translation>Das Laden von %1 wurde abgebrochen.</translation>
    </message>
    <message>
        <location line="-133"/>
        <source>No model is loaded. Open and load a model first.</source>
        <translation>Es ist kein Modell geladen. Öffnen und laden Sie zuerst ein Modell.</translation>
    </message>
    <message>
        <location line="+123"/>
        <source>The benchmark was cancelled.</source>
        <translation>Der Benchmark wurde abgebrochen.</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ErrorBanner</name>
    <message>
        <location filename="../gui/common/error_banner.cpp" line="+73"/>
        <source>Dismiss</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dismiss message</source>
        <translation>Meldung schließen</translation>
    </message>
</context>
<context>
    <name>tessera::gui::GgufChoiceModel</name>
    <message>
        <location filename="../gui/download/gguf_choice_model.cpp" line="+66"/>
        <source>Reading the header…</source>
        <extracomment>The Download view&apos;s &quot;fits?&quot; column while the model&apos;s header comes from the hub.</extracomment>
        <translation>Header wird gelesen…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Cannot tell: %1</source>
        <extracomment>%1: why the model&apos;s header could not be read (names the URL and the reason).</extracomment>
        <translation>Nicht feststellbar: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No GPU: it would run on the CPU</source>
        <translation>Keine GPU: Es liefe auf der CPU</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Fits on GPU %1 with this split</source>
        <extracomment>%1: the GPUs that would hold the model, e.g. &quot;0 + 1&quot;.</extracomment>
        <translation>Passt mit dieser Aufteilung auf GPU %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Would overflow GPU %1: %2 needed, %3 usable</source>
        <extracomment>%1: GPU number; %2: bytes the model would need there; %3: bytes usable there.</extracomment>
        <translation>Würde GPU %1 überlaufen: %2 nötig, %3 nutzbar</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1 (%2 parts)</source>
        <extracomment>A model split into parts: its first file and how many parts it has.</extracomment>
        <translation>%1 (%2 Teile)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Quantization</source>
        <translation>Quantisierung</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fits?</source>
        <extracomment>Column of a repository&apos;s models: whether each fits on the GPUs with the split chosen now.</extracomment>
        <translation>Passt?</translation>
    </message>
</context>
<context>
    <name>tessera::gui::GpuListModel</name>
    <message>
        <location filename="../gui/gpus/gpu_list_model.cpp" line="+36"/>
        <source>%1 used · %2 free of %3</source>
        <translation>%1 belegt · %2 frei von %3</translation>
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
PCI-Bus: %3
Compute Capability: %4
Speicher: %5</translation>
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
        <translation>Rechenfähigkeit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
</context>
<context>
    <name>tessera::gui::GpuPanel</name>
    <message>
        <location filename="../gui/gpus/gpu_panel.cpp" line="+77"/>
        <source>No GPU can be used: %1.
Tessera runs models on the CPU.</source>
        <extracomment>%1 is why (from the driver or the build), e.g. &quot;no NVIDIA driver/GPU found&quot;.</extracomment>
        <translation>Keine GPU nutzbar: %1.
Tessera führt Modelle auf der CPU aus.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Looking for GPUs…</source>
        <translation>GPUs werden gesucht…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Reading GPU memory failed: %1</source>
        <translation>GPU-Speicher konnte nicht gelesen werden: %1</translation>
    </message>
</context>
<context>
    <name>tessera::gui::GpuWorkspace</name>
    <message>
        <location filename="../gui/gpus/gpu_workspace.cpp" line="+105"/>
        <source>Throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU Memory</source>
        <translation>GPU-Speicher</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Performance</source>
        <translation>Leistung</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Split Benchmark</source>
        <translation>Aufteilungs-Benchmark</translation>
    </message>
</context>
<context>
    <name>tessera::gui::GuideDialog</name>
    <message>
        <location filename="../gui/app/guide_dialog.cpp" line="+55"/>
        <source>Getting started</source>
        <translation>Erste Schritte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open a GGUF model (File ▸ Open Model…, a .gguf file dropped on the window, or the Model Library) and it is described in the Model panel before anything is loaded: what it is, how large, and whether Tessera can run it. Press Load, then write a message. Opening a model from the Library or Recent Models loads it at once.</source>
        <translation>Öffnen Sie ein GGUF-Modell (Datei ▸ Modell öffnen…, eine auf das Fenster gezogene .gguf-Datei oder die Modellbibliothek); das Modell-Panel beschreibt es, bevor etwas geladen wird: was es ist, wie groß es ist und ob Tessera es ausführen kann. Drücken Sie Laden und schreiben Sie dann eine Nachricht. Ein Modell aus der Bibliothek oder den zuletzt verwendeten Modellen wird beim Öffnen sofort geladen.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The split workspace (the GPUs tab)</source>
        <translation>Der Aufteilungs-Arbeitsbereich (Reiter GPUs)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>With more than one GPU, choose how the model is spread over them. Layer split gives each GPU whole layers; row split cuts every layer across the GPUs (for models whose heads divide evenly, without experts); None puts everything on the main GPU. Drag the sliders to set each GPU&apos;s share.</source>
        <translation>Mit mehr als einer GPU wählen Sie, wie das Modell auf sie verteilt wird. Die Schichtaufteilung gibt jeder GPU ganze Schichten; die Zeilenaufteilung teilt jede Schicht über die GPUs (für Modelle, deren Köpfe sich gleichmäßig teilen lassen, ohne Experten); Keine legt alles auf die Haupt-GPU. Ziehen Sie die Schieberegler, um den Anteil jeder GPU festzulegen.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The bars show what each GPU will hold (weights, KV cache, scratch) before anything is loaded, from the same plan the loader follows; a bar that would overflow turns red and says by how much. A smaller KV cache type (q8_0, q4_0) makes room for a longer context. Apply loads the model again with the split.</source>
        <translation>Die Balken zeigen vor dem Laden, was jede GPU halten wird (Gewichte, KV-Cache, Arbeitsspeicher), nach demselben Plan, dem der Loader folgt; ein Balken, der überlaufen würde, wird rot und sagt, um wie viel. Ein kleinerer KV-Cache-Typ (q8_0, q4_0) schafft Platz für einen längeren Kontext. Übernehmen lädt das Modell mit der Aufteilung neu.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The split benchmark</source>
        <translation>Der Aufteilungs-Benchmark</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add two to six splits (the current one, or the suggestions), press Run Benchmark: the loaded model is loaded with each split in turn and measured, then loaded as it was. Splits that would not fit are refused. A difference within the runs&apos; spread is called a tie; Apply the Winner loads the fastest split.</source>
        <translation>Fügen Sie zwei bis sechs Aufteilungen hinzu (die aktuelle oder die Vorschläge) und drücken Sie Benchmark starten: Das geladene Modell wird nacheinander mit jeder Aufteilung geladen und gemessen und danach wieder so geladen, wie es war. Aufteilungen, die nicht passen würden, werden abgelehnt. Ein Unterschied innerhalb der Streuung der Läufe gilt als Gleichstand; Sieger anwenden lädt die schnellste Aufteilung.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Editing a message</source>
        <translation>Eine Nachricht bearbeiten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit under one of your messages changes it and gets a new reply from there; the messages after it are replaced. Regenerate asks again for the last reply.</source>
        <translation>Bearbeiten unter einer Ihrer Nachrichten ändert sie und holt von dort eine neue Antwort; die Nachrichten danach werden ersetzt. Neu erzeugen fragt die letzte Antwort erneut an.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Send the message</source>
        <extracomment>A shortcut of the message box.</extracomment>
        <translation>Nachricht senden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New line in the message</source>
        <translation>Neue Zeile in der Nachricht</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Tessera Guide</source>
        <translation>Tessera-Leitfaden</translation>
    </message>
</context>
<context>
    <name>tessera::gui::HistoryPanel</name>
    <message>
        <location filename="../gui/history/history_panel.cpp" line="+113"/>
        <source>Search conversations</source>
        <translation>Unterhaltungen durchsuchen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rename</source>
        <translation>Umbenennen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give the selected conversation a title</source>
        <translation>Der ausgewählten Unterhaltung einen Titel geben</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the selected conversation for good</source>
        <translation>Die ausgewählte Unterhaltung endgültig löschen</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>%1
Last changed %2</source>
        <translation>%1
Zuletzt geändert: %2</translation>
    </message>
</context>
<context>
    <name>tessera::gui::HubSearchModel</name>
    <message>
        <location filename="../gui/download/hub_search_model.cpp" line="+45"/>
        <source>Repository</source>
        <extracomment>Column of the Download view&apos;s search results: the hub repository (OWNER/NAME).</extracomment>
        <translation>Repository</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Downloads</source>
        <translation>Downloads</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Likes</source>
        <translation>Likes</translation>
    </message>
</context>
<context>
    <name>tessera::gui::LibraryModel</name>
    <message>
        <location filename="../gui/library/library_model.cpp" line="+126"/>
        <source>No GPU is available: the model would run on the CPU.</source>
        <translation>Keine GPU verfügbar: Das Modell liefe auf der CPU.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>With a context of %1 tokens:</source>
        <extracomment>Before the bytes per GPU: the context the model would be loaded with, in tokens.</extracomment>
        <translation>Mit einem Kontext von %1 Token:</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>GPU %1: %2 of %3 usable</source>
        <translation>GPU %1: %2 von %3 nutzbar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GPU %1 would need %2 but only %3 is usable</source>
        <translation>GPU %1 bräuchte %2, nutzbar sind aber nur %3</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Fits</source>
        <extracomment>The model library&apos;s &quot;fits on the GPUs?&quot; column.</extracomment>
        <translation>Passt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Too large</source>
        <translation>Zu groß</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No GPU</source>
        <translation>Keine GPU</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cannot split</source>
        <extracomment>The split planner refused the split for this model (e.g. row split of a mixture of experts).</extracomment>
        <translation>Nicht aufteilbar</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>Whether the model fits on the GPUs with the split chosen in the GPUs panel</source>
        <translation>Ob das Modell mit der im GPU-Bereich gewählten Aufteilung auf die GPUs passt</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Architecture</source>
        <translation>Architektur</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Quantization</source>
        <extracomment>The model&apos;s main weight type (&quot;Q4_K&quot;).</extracomment>
        <translation>Quantisierung</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Context</source>
        <translation>Kontext</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fits on GPUs</source>
        <extracomment>Column header: whether the model fits on the GPUs with the chosen split.</extracomment>
        <translation>Passt auf GPUs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
</context>
<context>
    <name>tessera::gui::LibraryPanel</name>
    <message>
        <location filename="../gui/library/library_panel.cpp" line="+39"/>
        <source>Add a Model Folder</source>
        <translation>Modellordner hinzufügen</translation>
    </message>
    <message>
        <location line="+130"/>
        <source>Search by name, architecture, quantization or path</source>
        <translation>Nach Name, Architektur, Quantisierung oder Pfad suchen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Show:</source>
        <extracomment>Label of the choice between all models and the recent ones.</extracomment>
        <translation>&amp;Anzeigen:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All models</source>
        <translation>Alle Modelle</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Recent models</source>
        <translation>Zuletzt geöffnete Modelle</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add Folder…</source>
        <translation>Ordner hinzufügen…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove Folder</source>
        <translation>Ordner entfernen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rescan</source>
        <translation>Neu durchsuchen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Open</source>
        <translation>Ö&amp;ffnen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove from List</source>
        <translation>Aus der Liste entfernen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The file stays on disk; adding its folder again brings it back.</source>
        <translation>Die Datei bleibt auf der Festplatte; wird ihr Ordner erneut hinzugefügt, erscheint sie wieder.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reveal in File Manager</source>
        <translation>Im Dateimanager zeigen</translation>
    </message>
    <message>
        <location line="-24"/>
        <source>Library</source>
        <translation>Bibliothek</translation>
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
        <translation>Modelle werden gelesen… %1 von %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Looking for models…</source>
        <translation>Suche nach Modellen…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Add a folder that holds .gguf models.</source>
        <translation>Fügen Sie einen Ordner mit .gguf-Modellen hinzu.</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n model(s)</source>
        <translation>
            <numerusform>%n Modell</numerusform>
            <numerusform>%n Modelle</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 shown of %2</source>
        <extracomment>How many rows the search or filter shows, of all (the second argument is &quot;N models&quot;).</extracomment>
        <translation>%1 angezeigt von %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(the search stopped at its limit; there may be more)</source>
        <translation>(die Suche hat ihre Grenze erreicht; es kann weitere geben)</translation>
    </message>
</context>
<context>
    <name>tessera::gui::LocalServer</name>
    <message>
        <location filename="../gui/server/local_server.cpp" line="+39"/>
        <source>Host is empty: enter 127.0.0.1 to serve this machine only.</source>
        <extracomment>&quot;Host&quot; is the Local Server dialog&apos;s field: use its translation.</extracomment>
        <translation>Host ist leer: Geben Sie 127.0.0.1 ein, um nur diesen Rechner zu bedienen.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 lets other machines connect: enter an API key (clients send it as “Authorization: Bearer KEY”), or tick “Allow other machines without an API key”.</source>
        <extracomment>%1 is the host typed in the Local Server dialog; &quot;API key&quot; and &quot;Allow other machines without an API key&quot; are its fields: use their translations.</extracomment>
        <translation>%1 lässt andere Rechner zu: Geben Sie einen API-Schlüssel ein (Clients senden ihn als „Authorization: Bearer KEY“) oder kreuzen Sie „Andere Rechner ohne API-Schlüssel zulassen“ an.</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Local server: waiting for a model loaded in this app</source>
        <translation>Lokaler Server: wartet auf ein in dieser App geladenes Modell</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Serving at %1</source>
        <extracomment>The address clients use, e.g. &quot;http://127.0.0.1:8080&quot;.</extracomment>
        <translation>Bereitgestellt unter %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Local server not started: %1</source>
        <translation>Lokaler Server nicht gestartet: %1</translation>
    </message>
</context>
<context>
    <name>tessera::gui::LocalServerDialog</name>
    <message>
        <location filename="../gui/server/local_server_dialog.cpp" line="+67"/>
        <source>Local Server</source>
        <translation>Lokaler Server</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Serves the model loaded in this app to other programs over the OpenAI-compatible API (base URL: the address below followed by /v1). Their requests wait in line with the chat&apos;s own.</source>
        <translation>Stellt das in dieser App geladene Modell anderen Programmen über die OpenAI-kompatible API bereit (Basis-URL: die Adresse unten, gefolgt von /v1). Ihre Anfragen warten in derselben Reihe wie die des Chats.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Serve the loaded model</source>
        <translation>Geladenes Modell bereitstellen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>any free port</source>
        <extracomment>Port 0 in the local server&apos;s settings: the system picks a free port.</extracomment>
        <translation>beliebiger freier Port</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none (anyone on this machine may connect)</source>
        <translation>keiner (jeder auf diesem Rechner kann sich verbinden)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Allow other machines without an API key (insecure)</source>
        <translation>Andere Rechner ohne API-Schlüssel zulassen (unsicher)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none (web pages cannot use the server)</source>
        <translation>keine (Webseiten können den Server nicht nutzen)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Web pages allowed to call the server from a browser, as their origins separated by commas, e.g. http://localhost:3000, https://*.example.com; * allows every page.</source>
        <extracomment>&quot;*&quot; and the example origins are typed as shown; do not translate them.</extracomment>
        <translation>Webseiten, die den Server aus einem Browser aufrufen dürfen, als ihre Origins durch Kommas getrennt, z.&#xa0;B. http://localhost:3000, https://*.example.com; * erlaubt jede Seite.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Host:</source>
        <translation>Host:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Port:</source>
        <translation>Port:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>API key:</source>
        <translation>API-Schlüssel:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Allowed web origins:</source>
        <translation>Erlaubte Web-Origins:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy Address</source>
        <translation>Adresse kopieren</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>The local server is off.</source>
        <translation>Der lokale Server ist aus.</translation>
    </message>
</context>
<context>
    <name>tessera::gui::MainWindow</name>
    <message>
        <location filename="../gui/app/main_window.cpp" line="+245"/>
        <source>Loading %1 again with the new split…</source>
        <extracomment>The status bar after Apply (a new GPU split): the model is loaded again with it.</extracomment>
        <translation>%1 wird mit der neuen Aufteilung neu geladen…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Split applied: %1. The model runs on the CPU here, where a GPU split changes nothing.</source>
        <translation>Aufteilung übernommen: %1. Das Modell läuft hier auf der CPU, wo eine GPU-Aufteilung nichts ändert.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Split applied: %1.</source>
        <translation>Aufteilung übernommen: %1.</translation>
    </message>
    <message>
        <location line="+293"/>
        <source>&amp;Open Model…</source>
        <translation>Modell &amp;öffnen…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Load Model</source>
        <translation>Modell &amp;laden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Unload Model</source>
        <translation>Modell &amp;entladen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open &amp;Conversation…</source>
        <translation>&amp;Unterhaltung öffnen…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save Conversation…</source>
        <translation>Unterhaltung &amp;speichern…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;New Conversation</source>
        <translation>&amp;Neue Unterhaltung</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Regenerate Reply</source>
        <translation>Antwort neu &amp;erzeugen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Stop</source>
        <translation>&amp;Stopp</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Copy Last Reply</source>
        <translation>Letzte Antwort &amp;kopieren</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Guide and Shortcuts</source>
        <extracomment>Help menu: a short guide to the split workspace and the keyboard shortcuts.</extracomment>
        <translation>&amp;Leitfaden und Tastenkürzel</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Reset Layout</source>
        <extracomment>View menu: every panel back where it was at the first start, sized for the window.</extracomment>
        <translation>Layout &amp;zurücksetzen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;About Tessera</source>
        <translation>&amp;Über Tessera</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Chat</source>
        <translation>&amp;Chat</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Settings</source>
        <translation>&amp;Einstellungen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>System default</source>
        <extracomment>Language menu entry: follow the language of the desktop session.</extracomment>
        <translation>Systemstandard</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Generation</source>
        <translation>Generierung</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>System Prompt</source>
        <translation>Systemprompt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sampling</source>
        <translation>Sampling</translation>
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
        <translation>Liste leeren</translation>
    </message>
    <message>
        <location line="-508"/>
        <source>Truncate Middle and Retry</source>
        <translation>Mitte kürzen und erneut versuchen</translation>
    </message>
    <message>
        <location line="+541"/>
        <source>Open a GGUF Model</source>
        <translation>GGUF-Modell öffnen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GGUF models (*.gguf);;All files (*)</source>
        <translation>GGUF-Modelle (*.gguf);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Save Conversation</source>
        <extracomment>The file name the save dialog suggests.</extracomment>
        <translation>Unterhaltung speichern</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>conversation.json</source>
        <translation>unterhaltung.json</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+6"/>
        <source>Conversations (*.json);;All files (*)</source>
        <translation>Unterhaltungen (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Quit Tessera</source>
        <translation>Tessera beenden</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Quit</source>
        <translation>Beenden</translation>
    </message>
    <message>
        <location line="-60"/>
        <source>Open Conversation</source>
        <translation>Unterhaltung öffnen</translation>
    </message>
    <message>
        <location line="-544"/>
        <source>Go On: Truncate Middle</source>
        <translation>Weiter: Mitte kürzen</translation>
    </message>
    <message>
        <location line="+551"/>
        <source>Copied to the clipboard</source>
        <translation>In die Zwischenablage kopiert</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>About Tessera</source>
        <translation>Über Tessera</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;h3&gt;Tessera %1&lt;/h3&gt;&lt;p&gt;Runs GGUF language models on NVIDIA GPUs with its own CUDA backend, or on the CPU.&lt;/p&gt;&lt;p&gt;MIT License.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Tessera %1&lt;/h3&gt;&lt;p&gt;Führt GGUF-Sprachmodelle mit einem eigenen CUDA-Backend auf NVIDIA-GPUs aus, oder auf der CPU.&lt;/p&gt;&lt;p&gt;MIT-Lizenz.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../gui/performance/throughput_plot.cpp" line="+490"/>
        <source>No model loaded</source>
        <translation>Kein Modell geladen</translation>
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
        <translation>Lokaler &amp;Server…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Recent &amp;Models</source>
        <translation>Zuletzt geöffnete &amp;Modelle</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model Li&amp;brary</source>
        <translation>Modell&amp;bibliothek</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add &amp;Model Folder…</source>
        <translation>&amp;Modellordner hinzufügen…</translation>
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
        <translation>Belegter GPU-Speicher im Zeitverlauf</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export PNG…</source>
        <translation>Als PNG exportieren…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save this plot as a PNG image</source>
        <translation>Dieses Diagramm als PNG-Bild speichern</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No GPU is in use: the model runs on the CPU, so there is no GPU memory to plot.</source>
        <extracomment>The GPU memory plot on a machine without a usable GPU.</extracomment>
        <translation>Keine GPU in Verwendung: Das Modell läuft auf der CPU, es gibt also keinen GPU-Speicher zum Darstellen.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GiB used</source>
        <translation>GiB belegt</translation>
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
        <translation>Speicherdiagramm exportieren</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>gpu-memory.png</source>
        <translation>gpu-speicher.png</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
</context>
<context>
    <name>tessera::gui::MessageWidget</name>
    <message>
        <location filename="../gui/chat/message_widget.cpp" line="+110"/>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Copied ✓</source>
        <extracomment>The Copy button of a message, for a moment after it was pressed.</extracomment>
        <translation>Kopiert ✓</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy this message as Markdown</source>
        <translation>Diese Nachricht als Markdown kopieren</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Edit</source>
        <extracomment>Edit a message already sent, then ask again from there.</extracomment>
        <translation>Bearbeiten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change this message and get a new reply from here (the messages after it are replaced)</source>
        <translation>Diese Nachricht ändern und von hier eine neue Antwort holen (die Nachrichten danach werden ersetzt)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Send</source>
        <extracomment>The button under an edited message: send it again and get a new reply.</extracomment>
        <translation>Senden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location line="+96"/>
        <source>You</source>
        <translation>Sie</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Assistant</source>
        <translation>Assistent</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>stopped: context full</source>
        <extracomment>A reply cut off because the model&apos;s context (its token memory) is used up.</extracomment>
        <translation>angehalten: Kontext voll</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Thinking…</source>
        <extracomment>Above a reply while a reasoning model thinks (its thoughts stream below).</extracomment>
        <translation>Denkt nach…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Thought for %1</source>
        <extracomment>Above a reply of a reasoning model, folded: %1 = how long it thought (&quot;12 s&quot;).</extracomment>
        <translation>Hat %1 nachgedacht</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Thoughts</source>
        <extracomment>Above a reply of a reasoning model whose thinking time is not known.</extracomment>
        <translation>Gedanken</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fold the model&apos;s thinking</source>
        <translation>Die Gedanken des Modells einklappen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Show the model&apos;s thinking</source>
        <translation>Die Gedanken des Modells zeigen</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>generating…</source>
        <translation>wird erzeugt…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reading the prompt…</source>
        <translation>Prompt wird gelesen…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>reading the prompt… %1 / %2 tokens</source>
        <extracomment>While the model reads the conversation: tokens read so far, of all.</extracomment>
        <translation>Prompt wird gelesen… %1 / %2 Token</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>, about %1 left</source>
        <extracomment>Appended to &quot;reading the prompt… 120 / 4,000 tokens&quot;: the time still expected.</extracomment>
        <translation>, noch etwa %1</translation>
    </message>
    <message>
        <location line="-84"/>
        <source>stopped</source>
        <translation>angehalten</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>failed: %1</source>
        <translation>fehlgeschlagen: %1</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ModelOpener</name>
    <message>
        <location filename="../gui/models/model_opener.cpp" line="+57"/>
        <location line="+16"/>
        <location line="+63"/>
        <source>Open Another File…</source>
        <translation>Andere Datei öffnen…</translation>
    </message>
    <message>
        <location line="-43"/>
        <source>Load Anyway</source>
        <translation>Trotzdem laden</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1 was unloaded: the chat uses %2 on the server now.</source>
        <extracomment>%1: the local model that was unloaded; %2: the server&apos;s model the chat uses now.</extracomment>
        <translation>%1 wurde entladen: Der Chat verwendet jetzt %2 auf dem Server.</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ModelPanel</name>
    <message>
        <location filename="../gui/models/model_panel.cpp" line="+72"/>
        <source>File:</source>
        <translation>Datei:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Architecture:</source>
        <translation>Architektur:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parameters:</source>
        <translation>Parameter:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tensor types:</source>
        <translation>Tensortypen:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trained context:</source>
        <translation>Trainierter Kontext:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Layers:</source>
        <translation>Schichten:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Vocabulary:</source>
        <translation>Vokabular:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Chat template:</source>
        <translation>Chat-Vorlage:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>File size:</source>
        <translation>Dateigröße:</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Open Model…</source>
        <translation>Modell öffnen…</translation>
    </message>
    <message>
        <location line="+122"/>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>This file cannot be loaded: %1. %2</source>
        <extracomment>A file the engine cannot run: the short reason (&quot;Vocabulary only: no weights&quot;), then the details.</extracomment>
        <translation>Diese Datei kann nicht geladen werden: %1. %2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Model default: %1 of the %2 tokens this model was trained on.</source>
        <extracomment>Tooltip of the context box when the model default is shorter than the trained context.</extracomment>
        <translation>Modellvorgabe: %1 der %2 Token, mit denen dieses Modell trainiert wurde.</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>Load</source>
        <translation>Laden</translation>
    </message>
    <message>
        <location line="-206"/>
        <source>Unload</source>
        <translation>Entladen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location line="+207"/>
        <source>Load the model with the context length chosen below</source>
        <translation>Modell mit der unten gewählten Kontextlänge laden</translation>
    </message>
    <message>
        <location line="-206"/>
        <source>Free the memory the model holds</source>
        <translation>Den vom Modell belegten Speicher freigeben</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Context length:</source>
        <translation>Kontextlänge:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> tokens</source>
        <extracomment>Suffix of the context length box, after the number (&quot;4096 tokens&quot;).</extracomment>
        <translation> Token</translation>
    </message>
    <message>
        <location line="+146"/>
        <source>How many tokens of conversation the model can see. Longer contexts need more memory.</source>
        <translation>Wie viele Token der Unterhaltung das Modell sieht. Längere Kontexte brauchen mehr Speicher.</translation>
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
        <translation>Vorschau – nicht geladen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This file&apos;s details are shown; press Load to use it in the chat.</source>
        <translation>Angezeigt werden die Angaben dieser Datei; klicken Sie auf „Laden“, um sie im Chat zu verwenden.</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>No model open</source>
        <translation>Kein Modell geöffnet</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Model default</source>
        <translation>Modellvorgabe</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>unknown (no general.architecture)</source>
        <translation>unbekannt (kein general.architecture)</translation>
    </message>
    <message numerus="yes">
        <location line="+13"/>
        <source>%1 (%Ln tensor(s))</source>
        <extracomment>Parameter count (e.g. &quot;7.24 B&quot;), then how many tensors hold them.</extracomment>
        <translation>
            <numerusform>%1 (%Ln Tensor)</numerusform>
            <numerusform>%1 (%Ln Tensoren)</numerusform>
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
            <numerusform>%Ln Token</numerusform>
            <numerusform>%Ln Token</numerusform>
        </translation>
    </message>
    <message>
        <location line="-2"/>
        <location line="+1"/>
        <location line="+2"/>
        <source>not stated</source>
        <translation>nicht angegeben</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no (plain text continuation)</source>
        <translation>nein (reine Textfortsetzung)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Model default (%1)</source>
        <translation>Modellvorgabe (%1)</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>%1 tokens is more than the %2 this model was trained on: past %2 tokens its replies are likely to fall apart, and the memory is spent for nothing.</source>
        <translation>%1 Token sind mehr als die %2, mit denen dieses Modell trainiert wurde: Jenseits von %2 Token zerfallen seine Antworten wahrscheinlich, und der Speicher wird umsonst belegt.</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Reload</source>
        <translation>Neu laden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load the model again with the context length and GPU split chosen now</source>
        <translation>Modell mit der jetzt gewählten Kontextlänge und GPU-Aufteilung neu laden</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Reading the file…</source>
        <translation>Datei wird gelesen…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This file cannot be loaded. Open another model.</source>
        <translation>Diese Datei kann nicht geladen werden. Öffnen Sie ein anderes Modell.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not loaded. Press Load to load it.</source>
        <translation>Nicht geladen. Klicken Sie auf „Laden“, um es zu laden.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open a GGUF model file to see what is in it.</source>
        <translation>Öffnen Sie eine GGUF-Modelldatei, um ihren Inhalt zu sehen.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Loading %1…</source>
        <translation>%1 wird geladen…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This file cannot be loaded; the chat still uses %1.</source>
        <extracomment>%1 is the loaded model&apos;s name: the file shown cannot be loaded, the chat goes on with it.</extracomment>
        <translation>Diese Datei kann nicht geladen werden; der Chat verwendet weiterhin %1.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Not loaded: the chat still uses %1. Press Load to switch to this model.</source>
        <extracomment>%1 is the loaded model&apos;s name; &quot;Load&quot; is the Load button: use its translation.</extracomment>
        <translation>Nicht geladen: Der Chat verwendet noch %1. Klicken Sie auf „Laden“, um zu diesem Modell zu wechseln.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Loaded in %1 s on the CPU.</source>
        <translation>In %1 s auf der CPU geladen.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Loaded in %1 s on %2.</source>
        <extracomment>%2 names the backend the engine chose (&quot;cuda (2 GPUs)&quot;).</extracomment>
        <translation>In %1 s auf %2 geladen.</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ModelSourcePanel</name>
    <message>
        <location filename="../gui/models/model_source_panel.cpp" line="+46"/>
        <source>Source:</source>
        <extracomment>Where the model runs: a GGUF file loaded by this app, or an OpenAI-compatible server.</extracomment>
        <translation>Quelle:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model file</source>
        <translation>Modelldatei</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OpenAI-compatible server</source>
        <translation>OpenAI-kompatibler Server</translation>
    </message>
</context>
<context>
    <name>tessera::gui::OverflowPolicyChooser</name>
    <message>
        <location filename="../gui/chat/overflow_policy_chooser.cpp" line="+27"/>
        <source>When full: %1</source>
        <extracomment>The chat&apos;s context overflow chooser: &quot;When full: Truncate middle&quot;.</extracomment>
        <translation>Wenn voll: %1</translation>
    </message>
</context>
<context>
    <name>tessera::gui::OverflowPolicyMenu</name>
    <message>
        <location line="+35"/>
        <source>When the Context Is &amp;Full</source>
        <extracomment>Settings menu: the context overflow policy new conversations start with.</extracomment>
        <translation>Wenn der Kontext &amp;voll ist</translation>
    </message>
</context>
<context>
    <name>tessera::gui::RemoteEndpointPanel</name>
    <message>
        <location filename="../gui/remote/remote_endpoint_panel.cpp" line="+143"/>
        <source>Could not connect to %1</source>
        <extracomment>The OpenAI-compatible server&apos;s URL.</extracomment>
        <translation>Keine Verbindung zu %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check the URL (it usually ends in /v1), the API key and the model name, and that the server is running.</source>
        <translation>Prüfen Sie die URL (sie endet meist auf /v1), den API-Schlüssel und den Modellnamen, und ob der Server läuft.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Connected: %1 at %2</source>
        <extracomment>The server&apos;s model id, then the server&apos;s base URL.</extracomment>
        <translation>Verbunden: %1 auf %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Asking the server for its models…</source>
        <translation>Frage den Server nach seinen Modellen…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Could not connect: %1</source>
        <extracomment>The last Connect failed: the reason.</extracomment>
        <translation>Verbindung fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Could not list the models: %1</source>
        <translation>Die Modelle konnten nicht aufgelistet werden: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>The server offers %n model(s).</source>
        <translation>
            <numerusform>Der Server bietet %n Modell an.</numerusform>
            <numerusform>Der Server bietet %n Modelle an.</numerusform>
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
        <translation>API-Schlüssel:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model:</source>
        <translation>Modell:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>List Models</source>
        <translation>Modelle auflisten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connect</source>
        <translation>Verbinden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Disconnect</source>
        <translation>Trennen</translation>
    </message>
</context>
<context>
    <name>tessera::gui::SamplingPanel</name>
    <message>
        <location filename="../gui/chat/sampling_panel.cpp" line="+86"/>
        <source>Model default</source>
        <extracomment>The Thinking choice of a reasoning model: leave it to the model&apos;s chat template.</extracomment>
        <translation>Vorgabe des Modells</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>On</source>
        <extracomment>Thinking choice: the model thinks before it answers.</extracomment>
        <translation>Ein</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Off</source>
        <extracomment>Thinking choice: the model answers without thinking first.</extracomment>
        <translation>Aus</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Low</source>
        <extracomment>Reasoning effort (gpt-oss): how long the model thinks.</extracomment>
        <translation>Niedrig</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Medium</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>High</source>
        <translation>Hoch</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Temperature:</source>
        <translation>Temperatur:</translation>
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
        <translation>Wiederholungsstrafe:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Seed:</source>
        <translation>Seed:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Max reply tokens:</source>
        <translation>Max. Token pro Antwort:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Higher values give more varied replies; 0 always picks the most likely token.</source>
        <translation>Höhere Werte ergeben abwechslungsreichere Antworten; 0 wählt immer das wahrscheinlichste Token.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>off</source>
        <extracomment>Shown in the Top-k box at 0.</extracomment>
        <translation>aus</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sample only among the k most likely tokens (0 = no limit).</source>
        <translation>Nur unter den k wahrscheinlichsten Token wählen (0 = keine Grenze).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sample among the most likely tokens whose probabilities add up to p (1 = off).</source>
        <translation>Unter den wahrscheinlichsten Token wählen, deren Wahrscheinlichkeiten zusammen p ergeben (1 = aus).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drop tokens less likely than this fraction of the most likely one (0 = off).</source>
        <translation>Token verwerfen, die weniger wahrscheinlich sind als dieser Anteil des wahrscheinlichsten (0 = aus).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Penalise tokens that already appeared (1 = off).</source>
        <translation>Bereits aufgetretene Token abwerten (1 = aus).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>random</source>
        <extracomment>Shown in the Seed box at -1: a new random seed for every reply.</extracomment>
        <translation>zufällig</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A fixed seed makes replies repeatable with the same settings.</source>
        <translation>Ein fester Seed macht Antworten mit denselben Einstellungen wiederholbar.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The longest reply, in tokens.</source>
        <translation>Die längste Antwort, in Token.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Thinking:</source>
        <translation>Nachdenken:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Whether, or how long, a reasoning model thinks before it answers (as its chat template offers it).</source>
        <translation>Ob oder wie lange ein Reasoning-Modell nachdenkt, bevor es antwortet (wie seine Chat-Vorlage es anbietet).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reset to Defaults</source>
        <translation>Standardwerte wiederherstellen</translation>
    </message>
</context>
<context>
    <name>tessera::gui::SplitBenchModel</name>
    <message>
        <location filename="../gui/bench/split_bench_model.cpp" line="+65"/>
        <source>Everything on GPU %1</source>
        <translation>Alles auf GPU %1</translation>
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
        <translation>Zeilen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Layer</source>
        <translation>Schichten</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 · %2 · main GPU %3</source>
        <extracomment>A split in a line: mode, the GPUs&apos; shares, the main GPU.</extracomment>
        <translation>%1 · %2 · Haupt-GPU %3</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>It would overflow GPU %1: %2 needed, %3 usable.</source>
        <extracomment>A split of the benchmark that does not fit: GPU index, bytes it would need, bytes usable.</extracomment>
        <translation>GPU %1 würde überlaufen: %2 benötigt, %3 nutzbar.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>At most %1 splits can be compared.</source>
        <translation>Höchstens %1 Aufteilungen können verglichen werden.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This split is in the list already.</source>
        <translation>Diese Aufteilung ist schon in der Liste.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This split cannot be measured. %1</source>
        <translation>Diese Aufteilung kann nicht gemessen werden. %1</translation>
    </message>
    <message numerus="yes">
        <location line="+40"/>
        <source>%n suggestion(s) left out: they would not fit the GPUs or the model.</source>
        <translation>
            <numerusform>%n Vorschlag ausgelassen: Er würde nicht auf die GPUs oder zum Modell passen.</numerusform>
            <numerusform>%n Vorschläge ausgelassen: Sie würden nicht auf die GPUs oder zum Modell passen.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+81"/>
        <source>Split #%1 cannot be measured. %2</source>
        <translation>Aufteilung #%1 kann nicht gemessen werden. %2</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Cancelling: the model is loaded with its own split again…</source>
        <translation>Wird abgebrochen: Das Modell wird wieder mit seiner eigenen Aufteilung geladen…</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+9"/>
        <source>Measuring split %1 of %2…</source>
        <translation>Aufteilung %1 von %2 wird gemessen…</translation>
    </message>
    <message numerus="yes">
        <location line="+20"/>
        <source>Cancelled after %n split(s) measured.</source>
        <translation>
            <numerusform>Abgebrochen nach %n gemessener Aufteilung.</numerusform>
            <numerusform>Abgebrochen nach %n gemessenen Aufteilungen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Done: %n split(s) measured.</source>
        <translation>
            <numerusform>Fertig: %n Aufteilung gemessen.</numerusform>
            <numerusform>Fertig: %n Aufteilungen gemessen.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tessera::gui::SplitBenchView</name>
    <message>
        <location filename="../gui/bench/split_bench_view.cpp" line="+204"/>
        <source>Measure the loaded model under 2 to 6 splits: each is loaded in turn and runs a short prompt and generation benchmark. Afterwards the model is loaded with its own split again.</source>
        <translation>Das geladene Modell mit 2 bis 6 Aufteilungen messen: Jede wird nacheinander geladen und führt einen kurzen Prompt- und Generierungs-Benchmark aus. Danach wird das Modell wieder mit seiner eigenen Aufteilung geladen.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Split</source>
        <translation>Aufteilung</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Memory per GPU</source>
        <translation>Speicher pro GPU</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+18"/>
        <source>Prompt (tok/s)</source>
        <translation>Prompt (Tok./s)</translation>
    </message>
    <message>
        <location line="-17"/>
        <location line="+16"/>
        <source>Generation (tok/s)</source>
        <translation>Generierung (Tok./s)</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>Add Current Split</source>
        <translation>Aktuelle Aufteilung hinzufügen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add the split chosen in the split editor</source>
        <translation>Die im Aufteilungseditor gewählte Aufteilung hinzufügen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add Suggestions</source>
        <translation>Vorschläge hinzufügen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add layer and row split with even shares, and everything on the main GPU</source>
        <translation>Schicht- und Zeilenaufteilung mit gleichen Anteilen sowie alles auf der Haupt-GPU hinzufügen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove</source>
        <translation>Entfernen</translation>
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
        <translation> Tok.</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Generate:</source>
        <translation>Generieren:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Runs:</source>
        <translation>Durchläufe:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run Benchmark</source>
        <translation>Benchmark starten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Apply the Winner</source>
        <translation>Sieger anwenden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Take the fastest split into the split editor and reload the model with it</source>
        <translation>Die schnellste Aufteilung in den Aufteilungseditor übernehmen und das Modell damit neu laden</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Generation</source>
        <translation>Generierung</translation>
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
        <translation>pp%1 und tg%2 auf %3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>measuring…</source>
        <translation>wird gemessen…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>does not fit</source>
        <extracomment>A split that cannot be measured (it would overflow a GPU): shown in its speed columns.</extracomment>
        <translation>passt nicht</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>No winner: everything ran on the CPU (no GPU backend is in use), where the splits cannot differ; their speeds say nothing about the GPUs.</source>
        <extracomment>The benchmark&apos;s verdict when the model ran on the CPU, where the GPU split changes nothing.</extracomment>
        <translation>Kein Sieger: Alles lief auf der CPU (kein GPU-Backend in Verwendung), wo sich die Aufteilungen nicht unterscheiden können; ihre Geschwindigkeiten sagen nichts über die GPUs.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No clear winner: %1 are as fast as each other within the spread of the runs. Run more repetitions to tell them apart, or keep the split you have.</source>
        <extracomment>The benchmark&apos;s splits are as fast as each other within the runs&apos; spread: %1 lists them (&quot;#1, #3&quot;).</extracomment>
        <translation>Kein klarer Sieger: %1 sind im Rahmen der Streuung der Läufe gleich schnell. Mit mehr Wiederholungen lassen sie sich unterscheiden, oder behalten Sie Ihre Aufteilung.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Winner: #%1, %2 — %3 tok/s generation, %4 tok/s prompt</source>
        <translation>Sieger: #%1, %2 — %3 Tok./s Generierung, %4 Tok./s Prompt</translation>
    </message>
    <message>
        <location line="-14"/>
        <source>Add at least two splits and run the benchmark; the fastest can then be applied.</source>
        <translation>Mindestens zwei Aufteilungen hinzufügen und den Benchmark starten; die schnellste kann dann angewendet werden.</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Split (#)</source>
        <translation>Aufteilung (#)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Memory on the fullest GPU (GiB)</source>
        <translation>Speicher auf der vollsten GPU (GiB)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Memory on the fullest GPU (MiB)</source>
        <translation>Speicher auf der vollsten GPU (MiB)</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Load a model first</source>
        <translation>Zuerst ein Modell laden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add at least two splits to compare</source>
        <translation>Mindestens zwei Aufteilungen zum Vergleichen hinzufügen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load the model with each split in turn and measure it</source>
        <translation>Das Modell nacheinander mit jeder Aufteilung laden und messen</translation>
    </message>
</context>
<context>
    <name>tessera::gui::SplitEditor</name>
    <message>
        <location filename="../gui/gpus/split_editor.cpp" line="+168"/>
        <source>None (main GPU only)</source>
        <translation>Keine (nur Haupt-GPU)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Layer (whole layers per GPU)</source>
        <translation>Schicht (ganze Schichten pro GPU)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Row (every matrix split by rows)</source>
        <translation>Zeile (jede Matrix zeilenweise geteilt)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Layer: each GPU holds whole layers and the activations hop between GPUs.
Row: each weight matrix is split across the GPUs, which compute in parallel.
None: everything on the main GPU.</source>
        <translation>Schicht: Jede GPU hält ganze Schichten, die Aktivierungen wandern zwischen den GPUs.
Zeile: Jede Gewichtsmatrix wird auf die GPUs verteilt, die parallel rechnen.
Keine: alles auf der Haupt-GPU.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The GPU that holds the shared tensors (row split) or everything (no split)</source>
        <translation>Die GPU, die die gemeinsamen Tensoren (Zeilenaufteilung) oder alles (keine Aufteilung) hält</translation>
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
        <translation>Gleichmäßig</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Free Memory</source>
        <extracomment>Preset: shares by each GPU&apos;s free memory.</extracomment>
        <translation>Freier Speicher</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Total Memory</source>
        <extracomment>Preset: shares by each GPU&apos;s total memory.</extracomment>
        <translation>Gesamtspeicher</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The same share on every GPU</source>
        <translation>Auf jeder GPU derselbe Anteil</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shares proportional to each GPU&apos;s free memory</source>
        <translation>Anteile im Verhältnis zum freien Speicher jeder GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shares proportional to each GPU&apos;s total memory</source>
        <translation>Anteile im Verhältnis zum Gesamtspeicher jeder GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Apply Split</source>
        <translation>Aufteilung anwenden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Split:</source>
        <translation>Aufteilung:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Main GPU:</source>
        <translation>Haupt-GPU:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KV cache:</source>
        <translation>KV-Cache:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Presets:</source>
        <translation>Vorgaben:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No GPU: the model runs on the CPU, so there is nothing to split.</source>
        <translation>Keine GPU: Das Modell läuft auf der CPU, es gibt also nichts aufzuteilen.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>used by others</source>
        <translation>von anderen belegt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KV cache</source>
        <translation>KV-Cache</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scratch</source>
        <translation>Zwischenspeicher</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dashed line: usable limit</source>
        <translation>gestrichelte Linie: nutzbare Grenze</translation>
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
        <translation>Anteil des Modells für %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Share of the model this GPU gets (the ratios normalised)</source>
        <translation>Anteil des Modells für diese GPU (Verhältnisse normiert)</translation>
    </message>
    <message>
        <location line="+153"/>
        <source>layer %1</source>
        <translation>Schicht %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KV head %1</source>
        <translation>KV-Kopf %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>KV heads %1–%2</source>
        <translation>KV-Köpfe %1–%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FFN row %1</source>
        <translation>FFN-Zeile %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>FFN rows %1–%2</source>
        <translation>FFN-Zeilen %1–%2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Holds nothing of the model (%1 usable)</source>
        <translation>Hält nichts vom Modell (%1 nutzbar)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Weights %1 · KV cache %2 · Recurrent state %3 · Scratch %4 = %5 of %6 usable</source>
        <extracomment>A GPU&apos;s share of a hybrid model (Qwen3.5/3.6): the recurrent layers&apos; state does not grow with the context.</extracomment>
        <translation>Gewichte %1 · KV-Cache %2 · Rekurrenter Zustand %3 · Zwischenspeicher %4 = %5 von %6 nutzbar</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Weights %1 · KV cache %2 · Scratch %3 = %4 of %5 usable</source>
        <translation>Gewichte %1 · KV-Cache %2 · Zwischenspeicher %3 = %4 von %5 nutzbar</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Open a model to see what each GPU would hold.</source>
        <translation>Öffnen Sie ein Modell, um zu sehen, was jede GPU halten würde.</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%1 · context %Ln token(s) · %2 KV cache</source>
        <extracomment>The previewed model: its name, the context length, the KV cache precision (F16, F32, Q8_0, Q4_0).</extracomment>
        <translation>
            <numerusform>%1 · Kontext %Ln Token · KV-Cache %2</numerusform>
            <numerusform>%1 · Kontext %Ln Token · KV-Cache %2</numerusform>
        </translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 free of %2</source>
        <translation>%1 frei von %2</translation>
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
        <translation>Schichten %1–%2</translation>
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
        <translation>Diese Aufteilung lässt sich nicht planen: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Does not fit: %1</source>
        <translation>Passt nicht: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>Fits: %1 in total on %n GPU(s).</source>
        <translation>
            <numerusform>Passt: insgesamt %1 auf %n GPU.</numerusform>
            <numerusform>Passt: insgesamt %1 auf %n GPUs.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Load a model first; the next load uses this split</source>
        <translation>Laden Sie zuerst ein Modell; der nächste Ladevorgang verwendet diese Aufteilung</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The model would not fit with this split</source>
        <translation>Das Modell passt mit dieser Aufteilung nicht</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The loaded model already uses this split</source>
        <translation>Das geladene Modell verwendet bereits diese Aufteilung</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reload the model with this split</source>
        <translation>Modell mit dieser Aufteilung neu laden</translation>
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
        <translation>Anteil von %1 am Modell in Prozent; die anderen GPUs teilen sich den Rest im bisherigen Verhältnis</translation>
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
        <translation>Genauigkeit des KV-Caches: F32 verdoppelt seine Größe; Q8_0 und Q4_0 speichern 8- bzw. 4-Bit-Werte mit einem Skalenfaktor je 32, etwa die Hälfte bzw. ein Viertel der Größe von F16</translation>
    </message>
    <message>
        <location line="+276"/>
        <source>Weights: %1 bytes
KV cache: %2 bytes
Recurrent state: %3 bytes
Scratch: %4 bytes
Total: %5 bytes
Usable: %6 bytes</source>
        <translation>Gewichte: %1 Byte
KV-Cache: %2 Byte
Rekurrenter Zustand: %3 Byte
Zwischenspeicher: %4 Byte
Gesamt: %5 Byte
Nutzbar: %6 Byte</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Total %1 %</source>
        <extracomment>The GPUs&apos; shares added up, in percent.</extracomment>
        <translation>Summe %1 %</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The shares of all GPUs add up to this</source>
        <translation>Die Anteile aller GPUs ergeben zusammen diesen Wert</translation>
    </message>
</context>
<context>
    <name>tessera::gui::SplitPreviewModel</name>
    <message>
        <location filename="../gui/gpus/split_preview_model.cpp" line="+291"/>
        <source>Would overflow: needs %1 but only %2 is usable (%3 free, %4 kept in reserve). Choose Layer or Row split to spread the model over the GPUs, shorten the context or use a smaller quantization.</source>
        <translation>Würde überlaufen: benötigt %1, aber nur %2 sind nutzbar (%3 frei, %4 als Reserve). Wählen Sie die Aufteilung Schicht oder Zeile, um das Modell auf die GPUs zu verteilen, kürzen Sie den Kontext oder verwenden Sie eine kleinere Quantisierung.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Would overflow: needs %1 but only %2 is usable (%3 free, %4 kept in reserve). Move share to another GPU, shorten the context or use a smaller quantization.</source>
        <translation>Würde überlaufen: benötigt %1, aber nur %2 sind nutzbar (%3 frei, %4 als Reserve). Verschieben Sie Anteile auf eine andere GPU, kürzen Sie den Kontext oder verwenden Sie eine kleinere Quantisierung.</translation>
    </message>
</context>
<context>
    <name>tessera::gui::StatusLine</name>
    <message>
        <location filename="../gui/app/status_line.cpp" line="+46"/>
        <source>Last reply: %1 tok/s</source>
        <translation>Letzte Antwort: %1 Token/s</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No model loaded</source>
        <translation>Kein Modell geladen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Connecting to %1…</source>
        <extracomment>The OpenAI-compatible server&apos;s URL.</extracomment>
        <translation>Verbinde mit %1…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Loading %1… %2%</source>
        <extracomment>The file being loaded, then how much of it is done, in percent.</extracomment>
        <translation>%1 wird geladen… %2 %</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Ready: %1 on the server %2</source>
        <extracomment>The server&apos;s model id, then the server&apos;s base URL.</extracomment>
        <translation>Bereit: %1 auf dem Server %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Ready: %1 (%2, %3 parameters) on the CPU</source>
        <extracomment>Model name, architecture, parameter count (&quot;7.24 B&quot;).</extracomment>
        <translation>Bereit: %1 (%2, %3 Parameter) auf der CPU</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ready: %1 (%2, %3 parameters) on %4</source>
        <extracomment>Model name, architecture, parameter count (&quot;7.24 B&quot;), the engine&apos;s backend (&quot;cuda (2 GPUs)&quot;).</extracomment>
        <translation>Bereit: %1 (%2, %3 Parameter) auf %4</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Reading the prompt: %1 / %2 tok (Esc stops)</source>
        <extracomment>Status bar while the model reads the conversation: tokens read, of all. Esc stops.</extracomment>
        <translation>Prompt wird gelesen: %1 / %2 Token (Esc hält an)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Generating: %1 tok so far</source>
        <translation>Generierung: bisher %1 Token</translation>
    </message>
</context>
<context>
    <name>tessera::gui::SystemPromptEdit</name>
    <message>
        <location filename="../gui/chat/system_prompt_edit.cpp" line="+22"/>
        <source>For example: You are a helpful assistant. Answer briefly.</source>
        <translation>Zum Beispiel: Du bist ein hilfreicher Assistent. Antworte kurz.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instructions the model sees before the conversation. Used only by models with a chat template.</source>
        <translation>Anweisungen, die das Modell vor der Unterhaltung sieht. Nur für Modelle mit Chat-Vorlage.</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ThemeSwitcher</name>
    <message>
        <location filename="../gui/settings/theme_switcher.cpp" line="+127"/>
        <source>&amp;Theme</source>
        <extracomment>Settings menu: the colours of the app.</extracomment>
        <translation>&amp;Design</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>System default</source>
        <extracomment>Theme menu entry: the desktop&apos;s own colours.</extracomment>
        <translation>Systemstandard</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ThroughputPlot</name>
    <message>
        <location filename="../gui/performance/throughput_plot.cpp" line="-324"/>
        <source>Tokens per second appear here while the model answers.</source>
        <translation>Hier erscheinen die Token pro Sekunde, während das Modell antwortet.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Export PNG…</source>
        <translation>Als PNG exportieren…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save this plot as a PNG image</source>
        <translation>Dieses Diagramm als PNG-Bild speichern</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>seconds since the request</source>
        <translation>Sekunden seit der Anfrage</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>generation tokens/s</source>
        <translation>Generierung Token/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>prompt tokens/s</source>
        <translation>Prompt Token/s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>reply</source>
        <extracomment>Axis of the recent-replies bar chart: reply number.</extracomment>
        <translation>Antwort</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>generation</source>
        <extracomment>Axis of the recent-replies bar chart: generation tokens/s.</extracomment>
        <translation>Generierung</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+3"/>
        <source>prompt</source>
        <extracomment>Axis of the recent-replies bar chart (and the band over the prompt phase): prompt tokens/s.</extracomment>
        <translation>Prompt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prompt tokens/s</source>
        <translation>Prompt-Token/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Generation tokens/s</source>
        <translation>Generierungs-Token/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Generation tokens/s per reply</source>
        <translation>Generierungs-Token/s pro Antwort</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prompt tokens/s per reply</source>
        <translation>Prompt-Token/s pro Antwort</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+55"/>
        <source>Earlier replies</source>
        <translation>Frühere Antworten</translation>
    </message>
    <message>
        <location line="-37"/>
        <source>first token
%1 s</source>
        <extracomment>Next to the dashed line at the first token: the time it took, in seconds.</extracomment>
        <translation>erstes Token
%1 s</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Reply %1: reading the prompt…</source>
        <translation>Antwort %1: Prompt wird gelesen…</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Reply %1: first token after %2 s, generating…</source>
        <translation>Antwort %1: erstes Token nach %2 s, wird erzeugt…</translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>Reply %1: %2 tokens/s, %Ln token(s) so far</source>
        <extracomment>While generating: reply number, current speed, tokens generated so far.</extracomment>
        <translation>
            <numerusform>Antwort %1: %2 Token/s, bisher %Ln Token</numerusform>
            <numerusform>Antwort %1: %2 Token/s, bisher %Ln Token</numerusform>
        </translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Reply %1 failed</source>
        <translation>Antwort %1 fehlgeschlagen</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>prompt %1 tok at %2 tok/s</source>
        <translation>Prompt %1 Token mit %2 Token/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>prompt —</source>
        <translation>Prompt —</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>generated %1 tok at %2 tok/s · first token %3 s</source>
        <translation>erzeugt %1 Token mit %2 Token/s · erstes Token nach %3 s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no token generated</source>
        <translation>kein Token erzeugt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reply %1 (stopped): %2 · %3</source>
        <extracomment>A reply the user stopped: reply number, the prompt part, the generation part.</extracomment>
        <translation>Antwort %1 (angehalten): %2 · %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reply %1: %2 · %3</source>
        <extracomment>A finished reply: reply number, the prompt part, the generation part.</extracomment>
        <translation>Antwort %1: %2 · %3</translation>
    </message>
    <message>
        <location line="+154"/>
        <source>Throughput of %1, %2</source>
        <extracomment>Title of an exported throughput plot: the model&apos;s name, the date and time.</extracomment>
        <translation>Durchsatz von %1, %2</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Export Throughput Plot</source>
        <translation>Durchsatzdiagramm exportieren</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>throughput.png</source>
        <translation>durchsatz.png</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Saved the plot to %1</source>
        <extracomment>After Export PNG…: where the image went, or that it could not be written.</extracomment>
        <translation>Diagramm gespeichert unter %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The plot could not be saved to %1</source>
        <translation>Das Diagramm konnte nicht unter %1 gespeichert werden</translation>
    </message>
</context>
</TS>
