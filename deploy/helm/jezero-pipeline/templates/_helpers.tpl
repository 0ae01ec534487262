{{- define "jezero.name" -}}{{ .Release.Name }}-jezero{{- end -}}

{{- define "jezero.labels" -}}
app.kubernetes.io/name: jezero-pipeline
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
{{- end -}}

{{/* The environment, volumes and mounts every container shares. */}}
{{- define "jezero.env" -}}
envFrom:
  - configMapRef:
      name: {{ include "jezero.name" . }}-env
  - secretRef:
      name: {{ .Values.secretName }}
volumeMounts:
  - name: config
    mountPath: /etc/jezero
    readOnly: true
  - name: instance
    mountPath: /opt/dagster/dagster_home
    readOnly: true
  - name: inbox
    mountPath: {{ .Values.inbox.mountPath }}
    readOnly: true
  - name: library
    mountPath: /var/lib/jezero
{{- end -}}

{{- define "jezero.volumes" -}}
volumes:
  - name: config
    configMap:
      name: {{ include "jezero.name" . }}-config
      items:
        - {key: jezero.toml, path: jezero.toml}
        - {key: workspace.yaml, path: workspace.yaml}
  - name: instance
    configMap:
      name: {{ include "jezero.name" . }}-config
      items:
        - {key: dagster.yaml, path: dagster.yaml}
  - name: inbox
{{ toYaml .Values.inbox.volume | indent 4 }}
  - name: library
    emptyDir: {}
{{- end -}}

{{- define "jezero.image" -}}
image: "{{ .Values.image.repository }}:{{ .Values.image.tag }}"
imagePullPolicy: {{ .Values.image.pullPolicy }}
{{- end -}}
